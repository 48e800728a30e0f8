import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { call } from '@/lib/api';
import { titlesApi } from '@shared/api/titles';
import type { CatalogueList } from '@shared/catalogue-queries';
import type { MediaType } from '@shared/catalogue';
import type { ContentType } from './discover-params';
import { ErrorState } from './query-states';
import { TitleCard } from './title-card';
import { TitleCardSkeleton } from './title-card-skeleton';
import { titleKey } from './title-list';

interface Row {
  list: CatalogueList;
  type: MediaType;
  title: string;
}

/** Spec 001 §7's lists as rows; the tab picks the ones of its kind. */
const ROWS: Row[] = [
  { list: 'now_playing', type: 'movie', title: 'Now Playing' },
  { list: 'upcoming', type: 'movie', title: 'Upcoming' },
  { list: 'top_rated', type: 'movie', title: 'Top Rated' },
  { list: 'top_rated', type: 'tv', title: 'Top Rated TV Shows' },
  { list: 'on_the_air', type: 'tv', title: 'On the Air' },
];

const rowsFor = (type: ContentType) => ROWS.filter((r) => (type === 'all' ? r.list !== 'top_rated' || r.type === 'movie' : r.type === type));

/** True once the element has come near the viewport (then stays true): rows below the fold load late. */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

function ListRow({ row }: { row: Row }) {
  const [ref, near] = useNearViewport<HTMLElement>();
  const query = useQuery({
    queryKey: ['titles', 'list', row.list, row.type],
    queryFn: ({ signal }) => call(titlesApi.list, { params: { list: row.list }, query: { type: row.type, page: 1 } }, { signal }),
    enabled: near,
    staleTime: 5 * 60_000,
  });
  const id = `row-${row.list}-${row.type}`;
  const loaded = query.data?.results;
  // The row's cards mount in a deferred pass split into short tasks (see TitleGrid); skeletons until then.
  const shown = useDeferredValue(loaded);
  const ready = query.isSuccess && shown !== undefined;
  if (query.isSuccess && !loaded?.length) return null;
  return (
    <section ref={ref} aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {row.title}
      </h2>
      {query.isError ? (
        <ErrorState title={`Could not load ${row.title}.`} error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        // scroll-px-4: cards snap to the padding's edge, in line with the heading (not flush with a phone's edge).
        <ul aria-label={row.title} className="-mx-4 flex snap-x scroll-px-4 gap-4 overflow-x-auto px-4 pb-2 [scrollbar-width:thin]" aria-busy={!ready}>
          {ready
            ? shown.map((t) => (
                <li key={titleKey(t)} className="flex w-36 shrink-0 snap-start sm:w-40">
                  <TitleCard title={t} className="w-full" />
                </li>
              ))
            : [0, 1, 2, 3, 4, 5].map((i) => (
                <li key={i} className="w-36 shrink-0 sm:w-40" aria-hidden>
                  <TitleCardSkeleton />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

/** Rows above the Discover grid when nothing is searched or filtered: a living front page for newcomers. */
export function FrontPageRows({ type }: { type: ContentType }) {
  return (
    <div className="flex flex-col gap-8">
      {rowsFor(type).map((row) => (
        <ListRow key={`${row.list}-${row.type}`} row={row} />
      ))}
    </div>
  );
}
