import { type ReactNode, useDeferredValue } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import type { TitleSummary } from '@shared/catalogue';
import { ErrorState } from './query-states';
import { TitleCard } from './title-card';
import { TitleCardSkeleton } from './title-card-skeleton';
import { titleKey } from './title-list';
import { useCardProviders } from './use-card-providers';

/** 2 columns on phones, 3 to 4 in between, 5 on desktop; `beside-panel` waits for wider screens to reach 5. */
const COLUMNS = {
  full: 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5',
  'beside-panel': 'grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5',
};

/**
 * A list of titles with its states: skeletons while the first page loads, the error with a retry,
 * the empty state, and a load-more button while pages remain.
 */
export function TitleGrid({
  titles: given,
  isPending,
  isError,
  error,
  onRetry,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  loadMoreLabel = 'Load More',
  empty,
  label,
  skeletons = 10,
  columns = 'full',
  className,
}: {
  titles: TitleSummary[];
  isPending: boolean;
  isError: boolean;
  error?: unknown;
  onRetry: () => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  loadMoreLabel?: string;
  empty: ReactNode;
  /** Accessible name of the list, e.g. "Movies". */
  label: string;
  skeletons?: number;
  columns?: keyof typeof COLUMNS;
  className?: string;
}) {
  // A page of cards (each with its list actions) takes a few hundred ms to mount: they render in a
  // deferred pass that React splits into short tasks, so taps and scrolls are not held up (Lighthouse's
  // total blocking time). Until that pass lands, the skeletons stay rather than an empty state.
  const titles = useDeferredValue(given);
  const providers = useCardProviders(titles);
  if (isPending || (given.length > 0 && titles.length === 0)) {
    return (
      <div className={cn(COLUMNS[columns], className)} aria-busy="true">
        <span className="sr-only" role="status">
          Loading titles...
        </span>
        {Array.from({ length: skeletons }, (_, i) => (
          <TitleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  // An error after some pages loaded keeps those pages and shows the error under them.
  if (isError && !titles.length) return <ErrorState error={error} onRetry={onRetry} className={className} />;
  return (
    <div className={cn('flex flex-col gap-8', className)}>
      {titles.length ? (
        <ul className={COLUMNS[columns]} aria-label={label}>
          {titles.map((t) => (
            <li key={titleKey(t)} className="flex">
              <TitleCard title={t} providers={providers.get(`${t.mediaType}:${t.id}`)} className="w-full" />
            </li>
          ))}
        </ul>
      ) : hasNextPage ? (
        <p className="text-center text-sm text-muted-foreground">No matching titles on the pages loaded so far.</p>
      ) : (
        empty
      )}
      {isError && titles.length ? <ErrorState title="Could not load more titles." error={error} onRetry={hasNextPage ? onLoadMore : onRetry} /> : null}
      {hasNextPage && !isError ? (
        <div className="flex justify-center">
          <Button variant="outline" size="lg" onClick={onLoadMore} disabled={isFetchingNextPage} aria-busy={isFetchingNextPage}>
            {isFetchingNextPage ? <Spinner className="size-4" label="Loading more" /> : null}
            {loadMoreLabel}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
