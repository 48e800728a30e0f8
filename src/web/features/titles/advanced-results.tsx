import { useMemo } from 'react';
import { useAdvancedResults } from './api';
import type { AdvancedFilters } from './advanced-filters';
import { EmptyState } from './query-states';
import { TitleGrid } from './title-grid';
import { uniqueTitles } from './title-list';

/** The Advanced Discovery grid, with 'View More (N remaining)' from the total the server reports. */
export function AdvancedResults({ filters, premium }: { filters: AdvancedFilters; premium: boolean }) {
  const results = useAdvancedResults(filters, premium);
  const pages = results.data?.pages;
  const titles = useMemo(() => uniqueTitles(pages?.flatMap((p) => p.results) ?? []), [pages]);
  const loaded = pages?.reduce((sum, p) => sum + p.results.length, 0) ?? 0;
  const total = pages?.[0]?.totalResults ?? 0;
  const remaining = Math.max(0, total - loaded);
  return (
    <section aria-labelledby="adv-results-heading" className="flex min-w-0 flex-col gap-4">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="adv-results-heading" className="text-xl font-semibold">
          Results
        </h2>
        {pages ? (
          <p className="text-sm text-muted-foreground" role="status">
            {total === 1 ? '1 title' : `${total.toLocaleString()} titles`}
          </p>
        ) : null}
      </div>
      <TitleGrid
        label="Results"
        titles={titles}
        isPending={results.isPending}
        isError={results.isError}
        error={results.error}
        onRetry={() => void results.refetch()}
        hasNextPage={results.hasNextPage && remaining > 0}
        isFetchingNextPage={results.isFetchingNextPage}
        onLoadMore={() => void results.fetchNextPage()}
        loadMoreLabel={`View More (${remaining.toLocaleString()} remaining)`}
        empty={<EmptyState title="No titles match these filters.">Try fewer genres, a wider year range or a lower rating.</EmptyState>}
        columns="beside-panel"
      />
    </section>
  );
}
