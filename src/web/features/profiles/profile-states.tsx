import { UserX } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

export function ProfileSkeleton() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8" aria-busy>
      <span className="sr-only" role="status">
        Loading profile
      </span>
      <div className="rounded-xl border p-6">
        <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
          <Skeleton className="size-24 rounded-full" />
          <div className="w-full flex-1 space-y-3">
            <Skeleton className="mx-auto h-7 w-48 sm:mx-0" />
            <Skeleton className="mx-auto h-4 w-28 sm:mx-0" />
            <Skeleton className="h-4 w-full max-w-md" />
            <div className="flex justify-center gap-6 sm:justify-start">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-10 w-16" />
              ))}
            </div>
          </div>
        </div>
      </div>
      <Skeleton className="mt-6 h-64 w-full rounded-xl" />
    </div>
  );
}

export function ProfileNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <UserX className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">Profile not found</h1>
      <p className="mt-2 text-muted-foreground">This user does not exist or is no longer available.</p>
      <Button asChild className="mt-6">
        <Link to="/">Go back home</Link>
      </Button>
    </div>
  );
}

export function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p role="alert" className="text-destructive">
        Failed to load profile. Please try again.
      </p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
