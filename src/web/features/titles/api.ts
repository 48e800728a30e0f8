import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { accountsApi } from '@shared/api/accounts';
import { titlesApi } from '@shared/api/titles';
import {
  type Certification,
  isCertificationOf,
  type MediaType,
  type Page,
  type PersonSearchResult,
  RECOMMENDATION_PAGE_LIMIT,
  type SeasonDetails,
  type TitleSummary,
} from '@shared/catalogue';
import { SUGGESTION_MIN_LENGTH } from '@shared/did-you-mean';
import { type AdvancedFilters, discoverApiParams } from './advanced-filters';
import { type DiscoverState, type GridRequest, gridRequests, matchesFilters } from './discover-params';
import { emptyPage, mergePages, nextPageParam } from './title-list';

/** Fetchers, query options and hooks of the titles feature. Every query key starts from `titleKeys`. */

const FIVE_MINUTES = 5 * 60_000;
const ONE_DAY = 24 * 60 * 60_000;
const norm = (q: string) => q.trim().toLowerCase();

export const titleKeys = {
  all: ['titles'] as const,
  grid: (state: DiscoverState) => [...titleKeys.all, 'grid', { ...state, q: norm(state.q) }] as const,
  search: (type: MediaType, q: string) => [...titleKeys.all, 'search', type, norm(q)] as const,
  suggestion: (q: string) => [...titleKeys.all, 'suggestion', norm(q)] as const,
  people: (q: string) => [...titleKeys.all, 'people', norm(q)] as const,
  personTitles: (q: string) => [...titleKeys.all, 'person-titles', norm(q)] as const,
  providers: (type: MediaType) => [...titleKeys.all, 'providers', type] as const,
  advanced: (filters: AdvancedFilters) => [...titleKeys.all, 'advanced', filters] as const,
  details: (type: MediaType, id: number) => [...titleKeys.all, 'details', type, id] as const,
  season: (id: number, season: number) => [...titleKeys.all, 'season', id, season] as const,
  recommendations: (type: MediaType, id: number) => [...titleKeys.all, 'recommendations', type, id] as const,
};

// ---- Fetchers (typed by src/shared/api/titles.ts) ----

export const searchTitles = (type: MediaType, q: string, page: number, signal?: AbortSignal, certification?: string): Promise<Page<TitleSummary>> =>
  call(titlesApi.search, { query: { q: q.trim(), type, page, certification: certOf(type, certification) } }, { signal });

/** A rating the server takes for this kind of list (the URL's rating was checked against the tab already). */
const certOf = (type: MediaType | 'all', value: string | null | undefined) => (value && (type === 'all' || isCertificationOf(type, value)) ? (value as Certification) : undefined);

/** Titles of the people whose name matches q (their credits in the search roles), 20 a page. */
export async function searchPersonTitles(q: string, page: number, signal?: AbortSignal): Promise<PersonSearchResult> {
  const result = await call(titlesApi.search, { query: { q: q.trim(), type: 'person', page } }, { signal });
  // The route's answer is a page of titles or, for type=person, one with the people as well.
  return 'people' in result ? result : { ...result, people: [] };
}

export const fetchDetails = (type: MediaType, id: number, signal?: AbortSignal) => call(titlesApi.details, { params: { type, id } }, { signal });

export async function fetchSeason(id: number, season: number, signal?: AbortSignal): Promise<SeasonDetails> {
  try {
    return await call(titlesApi.season, { params: { id, season } }, { signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error('Failed to fetch season details.', { cause: error });
  }
}

function fetchGridRequest(r: GridRequest, page: number, signal?: AbortSignal): Promise<Page<TitleSummary>> {
  switch (r.kind) {
    case 'search':
      return searchTitles(r.type, r.q, page, signal, r.certification ?? undefined);
    case 'trending':
      return call(titlesApi.trending, { query: { type: r.type, page, certification: certOf(r.type, r.certification) } }, { signal });
    case 'popular':
      return call(titlesApi.popular, { query: { type: r.type, page, certification: certOf(r.type, r.certification) } }, { signal });
    case 'discover':
      return call(titlesApi.discover, { query: { type: r.type, page, genres: r.genre ?? undefined, certification: certOf(r.type, r.certification) } }, { signal });
  }
}

/** One page of the /discover grid: its lists fetched together, merged, then filtered where the server could not. */
export async function fetchGridPage(state: DiscoverState, page: number, signal?: AbortSignal): Promise<Page<TitleSummary>> {
  const { requests, filterHere } = gridRequests(state);
  if (!requests.length) return emptyPage(page);
  const merged = mergePages(await Promise.all(requests.map((r) => fetchGridRequest(r, page, signal))), page);
  return filterHere ? { ...merged, results: merged.results.filter((t) => matchesFilters(t, state.genre, state.rating)) } : merged;
}

// ---- Query options ----

export const gridQueryOptions = (state: DiscoverState) =>
  infiniteQueryOptions({
    queryKey: titleKeys.grid(state),
    queryFn: ({ pageParam, signal }) => fetchGridPage(state, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageParam(last),
    staleTime: FIVE_MINUTES,
  });

export const searchQueryOptions = (type: MediaType, q: string) =>
  infiniteQueryOptions({
    queryKey: titleKeys.search(type, q),
    queryFn: ({ pageParam, signal }) => searchTitles(type, q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageParam(last),
    staleTime: FIVE_MINUTES,
    enabled: q.trim().length > 0,
  });

export const personTitlesQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: titleKeys.personTitles(q),
    queryFn: ({ pageParam, signal }) => searchPersonTitles(q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageParam(last),
    staleTime: FIVE_MINUTES,
    enabled: q.trim().length > 0,
  });

/**
 * Advanced Discovery results are kept 5 minutes (spec 001 §7). The route is premium on the server; behind
 * the blurred gate a free user's page shows the free discovery (type, genres, rating) instead of a 403.
 */
export const advancedQueryOptions = (filters: AdvancedFilters, premium: boolean) =>
  infiniteQueryOptions({
    queryKey: [...titleKeys.advanced(filters), premium] as const,
    queryFn: ({ pageParam, signal }) => {
      const { type, genres, certification } = discoverApiParams(filters, pageParam);
      return premium
        ? call(titlesApi.advancedDiscover, { query: discoverApiParams(filters, pageParam) }, { signal })
        : call(titlesApi.discover, { query: { type, genres, certification, page: pageParam } }, { signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageParam(last),
    staleTime: FIVE_MINUTES,
    gcTime: FIVE_MINUTES,
  });

export const detailsQueryOptions = (type: MediaType, id: number) =>
  queryOptions({ queryKey: titleKeys.details(type, id), queryFn: ({ signal }) => fetchDetails(type, id, signal), staleTime: FIVE_MINUTES });

/** Season data is kept 24 hours (spec 001 §9). */
export const seasonQueryOptions = (id: number, season: number) =>
  queryOptions({ queryKey: titleKeys.season(id, season), queryFn: ({ signal }) => fetchSeason(id, season, signal), staleTime: ONE_DAY, gcTime: ONE_DAY, retry: 1 });

/** Related titles: page by page, at most 5 pages (spec 001 §9). */
export const recommendationsQueryOptions = (type: MediaType, id: number) =>
  infiniteQueryOptions({
    queryKey: titleKeys.recommendations(type, id),
    queryFn: ({ pageParam, signal }) => call(titlesApi.recommendations, { params: { type, id }, query: { page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageParam(last, RECOMMENDATION_PAGE_LIMIT),
    staleTime: FIVE_MINUTES,
  });

// ---- Hooks ----

export const useDiscoverGrid = (state: DiscoverState) => useInfiniteQuery(gridQueryOptions(state));
export const useTitleSearch = (type: MediaType, q: string, enabled = true) => useInfiniteQuery({ ...searchQueryOptions(type, q), enabled: enabled && q.trim().length > 0 });
export const usePersonTitles = (q: string, enabled = true) => useInfiniteQuery({ ...personTitlesQueryOptions(q), enabled: enabled && q.trim().length > 0 });
export const useAdvancedResults = (filters: AdvancedFilters, premium: boolean) => useInfiniteQuery(advancedQueryOptions(filters, premium));
export const useTitleDetails = (type: MediaType, id: number) => useQuery(detailsQueryOptions(type, id));
export const useSeason = (id: number, season: number) => useQuery(seasonQueryOptions(id, season));
export const useRelatedTitles = (type: MediaType, id: number, enabled: boolean) => useInfiniteQuery({ ...recommendationsQueryOptions(type, id), enabled });

/** "Did you mean": only asked for queries of 3 or more characters. */
export function useSuggestion(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: titleKeys.suggestion(query),
    queryFn: ({ signal }) => call(titlesApi.suggest, { query: { q: query } }, { signal }),
    enabled: query.length >= SUGGESTION_MIN_LENGTH,
    staleTime: FIVE_MINUTES,
    select: (data) => data.suggestion,
  });
}

export function useProviders(type: MediaType) {
  return useQuery({
    queryKey: titleKeys.providers(type),
    queryFn: ({ signal }) => call(titlesApi.providers, { query: { type } }, { signal }),
    staleTime: ONE_DAY,
    select: (data) => data.providers,
  });
}

/** People by username or name: 10 a page, more with Load More. */
export function usePeopleSearch(q: string, enabled = true) {
  const query = q.trim().slice(0, 50); // the people search takes at most 50 characters
  return useInfiniteQuery({
    queryKey: titleKeys.people(query),
    queryFn: ({ pageParam, signal }) => call(accountsApi.searchProfiles, { query: { q: query, page: pageParam } }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore && pages.length < 50 ? pages.length + 1 : undefined),
    enabled: enabled && query.length > 0,
    staleTime: 30_000,
    select: (data) => data.pages.flatMap((p) => p.results),
  });
}
