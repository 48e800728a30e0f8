import { Skeleton } from '@/components/ui/skeleton';

export function TitleCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-2">
      <Skeleton className="aspect-[2/3] w-full rounded-lg" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-3 w-1/3" />
    </div>
  );
}
