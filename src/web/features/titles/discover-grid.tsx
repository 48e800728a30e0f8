import { Clapperboard, Flame, Sparkles, TrendingUp } from 'lucide-react';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { useDiscoverGrid } from './api';
import { type ContentType, clearFilters, type DiscoverMode, gridHeading, hasFilters, switchContentType, switchMode } from './discover-params';
import { DiscoverFilters } from './discover-filters';
import { FrontPageRows } from './front-page-rows';
import { EmptyState } from './query-states';
import { TitleGrid } from './title-grid';
import { uniqueTitles } from './title-list';
import { useDiscoverState } from './use-discover-state';

const TYPE_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'movie', label: 'Movies' },
  { value: 'tv', label: 'TV Shows' },
] as const satisfies readonly { value: ContentType; label: string }[];

const MODE_OPTIONS = [
  {
    value: 'discover',
    label: (
      <>
        <Sparkles aria-hidden /> Discover
      </>
    ),
  },
  {
    value: 'trending',
    label: (
      <>
        <TrendingUp aria-hidden /> Trending
      </>
    ),
  },
  {
    value: 'popular',
    label: (
      <>
        <Flame aria-hidden /> Popular
      </>
    ),
  },
] as const;

/** The /discover content grid: type tabs, modes, search, filters and the paged grid. */
export function DiscoverGrid() {
  const { state, update, text, changeText } = useDiscoverState();
  const grid = useDiscoverGrid(state);
  const titles = useMemo(() => uniqueTitles(grid.data?.pages.flatMap((p) => p.results) ?? []), [grid.data]);
  const q = state.q.trim();
  const heading = gridHeading(state);

  return (
    <section aria-labelledby="discover-grid-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <SegmentedControl label="Content type" value={state.type} options={TYPE_OPTIONS} onValueChange={(type) => update((s) => switchContentType(s, type))} />
        <SegmentedControl<DiscoverMode> label="Browse mode" value={state.mode} options={MODE_OPTIONS} onValueChange={(mode) => update((s) => switchMode(s, mode))} />
      </div>
      <DiscoverFilters state={state} update={update} text={text} changeText={changeText} />
      {state.mode === 'discover' && !hasFilters(state) ? <FrontPageRows type={state.type} /> : null}
      <h2 id="discover-grid-heading" className="flex items-center gap-2 text-xl font-semibold">
        <Clapperboard className="size-5 text-primary" aria-hidden /> {heading}
      </h2>
      <TitleGrid
        label={heading}
        titles={titles}
        isPending={grid.isPending}
        isError={grid.isError}
        error={grid.error}
        onRetry={() => void grid.refetch()}
        hasNextPage={grid.hasNextPage}
        isFetchingNextPage={grid.isFetchingNextPage}
        onLoadMore={() => void grid.fetchNextPage()}
        empty={
          <EmptyState title={q ? `No results found for "${q}"` : 'No titles match these filters.'}>
            {hasFilters(state) ? (
              <Button variant="outline" onClick={() => update(clearFilters)}>
                Clear Filters
              </Button>
            ) : null}
          </EmptyState>
        }
      />
    </section>
  );
}
