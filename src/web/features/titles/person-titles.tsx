import { useMemo } from 'react';
import type { MediaType, PersonSummary } from '@shared/catalogue';
import { usePersonTitles } from './api';
import { FallbackImage } from './fallback-image';
import { initials } from './initials';
import { SearchSection } from './search-section';
import { TitleGrid } from './title-grid';
import { uniqueTitles } from './title-list';

/**
 * Titles of the people whose name matches the query (directors, writers, producers, creators, and
 * cast), for /search: both types under All, one under Movies or TV Shows.
 */
export function usePersonTitlesSection(q: string, type: MediaType | null, enabled: boolean) {
  const query = usePersonTitles(q, enabled);
  const people = query.data?.pages[0]?.people ?? [];
  const titles = useMemo(() => uniqueTitles(query.data?.pages.flatMap((p) => p.results) ?? []).filter((t) => type === null || t.mediaType === type), [query.data, type]);
  // Spec 001 §8: a failed person search returns empty results, so a failure leaves the section out.
  const failed = query.isError && titles.length === 0;
  const ready = !query.isPending && !failed;
  return {
    query,
    people,
    titles,
    type,
    /** Nothing to show yet (loading is not shown: most queries are titles, not names). */
    hidden: !ready || (titles.length === 0 && !query.hasNextPage),
    empty: failed || (ready && titles.length === 0 && !query.hasNextPage),
    total: query.data?.pages[0]?.totalResults ?? 0,
  };
}

export function PersonTitlesSection({ q, section }: { q: string; section: ReturnType<typeof usePersonTitlesSection> }) {
  const { query, people, titles, type, total } = section;
  if (section.hidden) return null;
  const title = `From people named "${q}"`;
  return (
    <SearchSection id="search-person-titles" title={title} count={type === null ? total : undefined}>
      {people.length ? (
        <ul aria-label={`People named "${q}"`} className="flex flex-wrap gap-2">
          {people.map((p) => (
            <PersonChip key={p.id} person={p} />
          ))}
        </ul>
      ) : null}
      <TitleGrid
        label={title}
        titles={titles}
        skeletons={5}
        isPending={false}
        isError={query.isError}
        error={query.error}
        onRetry={() => void query.refetch()}
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        empty={null}
      />
    </SearchSection>
  );
}

function PersonChip({ person }: { person: PersonSummary }) {
  return (
    <li className="flex max-w-full items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 text-sm">
      <span className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/15 text-xs font-semibold text-primary">
        <FallbackImage src={person.profileUrl} alt="" loading="lazy" className="size-full object-cover" fallback={<span aria-hidden>{initials(person.name)}</span>} />
      </span>
      <span className="truncate font-medium">{person.name}</span>
      {person.knownForDepartment ? <span className="shrink-0 text-muted-foreground">{person.knownForDepartment}</span> : null}
    </li>
  );
}
