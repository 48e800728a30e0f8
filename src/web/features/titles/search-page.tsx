import { HouseAd } from '@/features/billing';
import { Search as SearchIcon } from 'lucide-react';
import { useMemo } from 'react';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import type { MediaType } from '@shared/catalogue';
import { usePeopleSearch, useTitleSearch } from './api';
import { DidYouMean } from './did-you-mean';
import { PersonTitlesSection, usePersonTitlesSection } from './person-titles';
import { EmptyState, ErrorState } from './query-states';
import { SearchSection } from './search-section';
import { TitleGrid } from './title-grid';
import { uniqueTitles } from './title-list';
import { TitleSearchInput } from './title-search-input';
import { UserResults } from './user-results';
import { useSearchText } from './use-search-text';

const KINDS = ['all', 'users', 'movie', 'tv'] as const;
type Kind = (typeof KINDS)[number];
const KIND_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'users', label: 'Users' },
  { value: 'movie', label: 'Movies' },
  { value: 'tv', label: 'TV Shows' },
] as const satisfies readonly { value: Kind; label: string }[];

function useTitleSection(type: MediaType, q: string, enabled: boolean) {
  const query = useTitleSearch(type, q, enabled);
  const titles = useMemo(() => uniqueTitles(query.data?.pages.flatMap((p) => p.results) ?? []), [query.data]);
  return { query, titles, total: query.data?.pages[0]?.totalResults ?? 0, empty: !query.isPending && !query.isError && titles.length === 0 };
}

/**
 * /search?q=&type=: users, movies and TV shows, each in its own section with Load More; under the
 * title chips, titles of people with that name come in a section of their own (spec 001 §7).
 */
export default function SearchPage() {
  const { q: rawQ, text, changeText, params, setParam } = useSearchText();
  const q = rawQ.trim();
  const kind: Kind = KINDS.includes(params.get('type') as Kind) ? (params.get('type') as Kind) : 'all';
  const show = { users: kind === 'all' || kind === 'users', movie: kind === 'all' || kind === 'movie', tv: kind === 'all' || kind === 'tv' };

  const people = usePeopleSearch(q, show.users && !!q);
  const movies = useTitleSection('movie', q, show.movie);
  const shows = useTitleSection('tv', q, show.tv);
  const fromPeople = usePersonTitlesSection(q, kind === 'movie' || kind === 'tv' ? kind : null, show.movie || show.tv);
  const users = people.data ?? [];
  const usersEmpty = !people.isPending && !people.isError && users.length === 0;
  const nothing = !!q && (!show.users || usersEmpty) && (!show.movie || movies.empty) && (!show.tv || shows.empty) && (!(show.movie || show.tv) || fromPeople.empty);

  const titleSection = (type: MediaType, title: string, section: ReturnType<typeof useTitleSection>) =>
    section.empty ? null : (
      <SearchSection id={`search-${type}`} title={title} count={section.query.isPending ? undefined : section.total}>
        <TitleGrid
          label={title}
          titles={section.titles}
          skeletons={5}
          isPending={section.query.isPending}
          isError={section.query.isError}
          error={section.query.error}
          onRetry={() => void section.query.refetch()}
          hasNextPage={section.query.hasNextPage}
          isFetchingNextPage={section.query.isFetchingNextPage}
          onLoadMore={() => void section.query.fetchNextPage()}
          empty={null}
        />
      </SearchSection>
    );

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 pb-24 md:py-8">
      <header className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Search</h1>
        <TitleSearchInput value={text} onChange={changeText} placeholder="Search for users, movies or TV shows..." label="Search for users, movies or TV shows" autoFocus={!q} />
        <SegmentedControl label="Search in" variant="chips" value={kind} options={KIND_OPTIONS} onValueChange={(v) => setParam('type', v === 'all' ? '' : v)} />
        {show.movie || show.tv ? <DidYouMean query={q} onPick={(s) => setParam('q', s)} /> : null}
      </header>
      <HouseAd className="my-0 px-0" />

      {!q ? (
        <div className="flex flex-col items-center gap-3 py-16 text-center text-muted-foreground">
          <SearchIcon className="size-10" aria-hidden />
          <p>Type a name or a title to start searching.</p>
        </div>
      ) : nothing ? (
        <EmptyState title={`No results found for "${q}"`} />
      ) : (
        <div className="flex flex-col gap-10">
          {show.users && !usersEmpty ? (
            <SearchSection id="search-users" title="Users" count={people.isPending ? undefined : people.hasNextPage ? `${users.length}+` : users.length}>
              {people.isPending ? (
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} className="h-[70px] rounded-xl" />
                  ))}
                </div>
              ) : people.isError ? (
                <ErrorState title="Could not search users." error={people.error} onRetry={() => void people.refetch()} />
              ) : (
                <UserResults users={users} hasNextPage={people.hasNextPage} isFetchingNextPage={people.isFetchingNextPage} onLoadMore={() => void people.fetchNextPage()} />
              )}
            </SearchSection>
          ) : null}
          {show.movie ? titleSection('movie', 'Movies', movies) : null}
          {show.tv ? titleSection('tv', 'TV Shows', shows) : null}
          {show.movie || show.tv ? <PersonTitlesSection q={q} section={fromPeople} /> : null}
        </div>
      )}
    </div>
  );
}
