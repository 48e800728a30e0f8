import { Clapperboard } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** 'Loading details...' with three skeleton placeholders (spec 001 §2). */
export function DetailsLoading() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        Loading details...
      </p>
      <Skeleton className="h-56 w-full rounded-xl sm:h-72" />
      <Skeleton className="h-8 w-2/3 max-w-md" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/** Unknown type, malformed id or a title the catalogue does not have. */
export function DetailsNotFound() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <Clapperboard className="size-10 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-bold">Details not found</h1>
      <p className="text-muted-foreground">We could not find this movie or TV show. It may have been removed, or the link is wrong.</p>
      <Button asChild>
        <Link to="/discover">Back to Discover</Link>
      </Button>
    </div>
  );
}
