import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/**
 * The place of an activity list while it loads (Recent Activity, Following): five rows of an
 * avatar and two lines. `lineWidth` is the first line's width class.
 */
export function ActivitySkeleton({ label, lineWidth, testId }: { label: string; lineWidth: 'w-2/3' | 'w-3/4'; testId?: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3" data-testid={testId}>
      {Array.from({ length: 5 }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <Skeleton className="size-8 rounded-full" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className={cn('h-4', lineWidth)} />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </li>
      ))}
    </ul>
  );
}
