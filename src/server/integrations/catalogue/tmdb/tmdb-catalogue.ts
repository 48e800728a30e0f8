import {
  genresFor,
  mergeGenres,
  PERSON_SEARCH_ROLES,
  RECOMMENDATION_PAGE_LIMIT,
  type Genre,
  type MediaType,
  type Page,
  type PersonSearchResult,
  type SeasonDetails,
  type TitleDetails,
  type TitleSummary,
  type WatchProviderList,
} from '../../../../shared/catalogue';
import { CatalogueUnavailableError, paginate, type Catalogue, type DiscoverFilter } from '../catalogue';
import { TmdbClient, type QueryParams, type TmdbClientOptions } from './tmdb-client';
import { toPersonSummary, toProviderList, usCertification, toSeasonDetails, toTitleDetails, toTitlePage, toTitleSummary } from './tmdb-mappers';
import type { TmdbCombinedCredits, TmdbDetails, TmdbListItem, TmdbPage, TmdbPerson, TmdbProvider, TmdbSeason } from './tmdb-types';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/** Cache lifetimes: lists change through the day, details and seasons rarely, reference lists almost never. */
export const TMDB_TTL = {
  discover: 5 * MINUTE,
  search: 10 * MINUTE,
  lists: 30 * MINUTE,
  recommendations: 6 * HOUR,
  details: 6 * HOUR,
  person: 6 * HOUR,
  season: 24 * HOUR,
  reference: 24 * HOUR,
} as const;

/** People whose credits feed one person search: the best matches only, to bound upstream calls. */
const PEOPLE_PER_SEARCH = 3;
const WATCH_REGION = 'US';
const MIN_VOTES_FOR_RATING = 50;

const emptyTmdbPage = (page: number): TmdbPage<TmdbListItem> => ({ page, results: [], total_pages: 0, total_results: 0 });

/** The catalogue backed by the TMDB v3 API. */
export class TmdbCatalogue implements Catalogue {
  readonly source = 'tmdb' as const;
  private readonly client: TmdbClient;

  constructor(options: TmdbClientOptions) {
    this.client = new TmdbClient(options);
  }

  private async page(path: string, params: QueryParams, ttl: number, type: MediaType): Promise<Page<TitleSummary>> {
    const page = await this.client.get<TmdbPage<TmdbListItem>>(path, params, ttl);
    return toTitlePage(page ?? emptyTmdbPage(Number(params.page ?? 1)), type);
  }

  searchMovies(query: string, page: number) {
    return this.page('/search/movie', { query, page, include_adult: false }, TMDB_TTL.search, 'movie');
  }

  searchTVShows(query: string, page: number) {
    return this.page('/search/tv', { query, page, include_adult: false }, TMDB_TTL.search, 'tv');
  }

  async searchByPerson(query: string, page: number): Promise<PersonSearchResult> {
    const found = await this.client.get<TmdbPage<TmdbPerson>>('/search/person', { query, page: 1, include_adult: false }, TMDB_TTL.search);
    const people = (found?.results ?? []).slice(0, PEOPLE_PER_SEARCH);
    const credits = await Promise.all(people.map((p) => this.client.get<TmdbCombinedCredits>(`/person/${p.id}/combined_credits`, {}, TMDB_TTL.person)));
    const roles: readonly string[] = PERSON_SEARCH_ROLES;
    const byKey = new Map<string, TitleSummary>();
    for (const credit of credits.flatMap((c) => [...(c?.cast ?? []), ...(c?.crew ?? []).filter((r) => r.job && roles.includes(r.job))])) {
      if (credit.media_type !== 'movie' && credit.media_type !== 'tv') continue;
      const key = `${credit.media_type}:${credit.id}`;
      if (!byKey.has(key)) byKey.set(key, toTitleSummary(credit, credit.media_type));
    }
    const titles = [...byKey.values()].sort((a, b) => b.popularity - a.popularity);
    return { ...paginate(titles, page), people: people.map(toPersonSummary) };
  }

  getDiscoverContent(filter: DiscoverFilter) {
    return this.page(`/discover/${filter.type}`, discoverParams(filter), TMDB_TTL.discover, filter.type);
  }

  async getTrending(type: MediaType | 'all', page: number) {
    return this.page(`/trending/${type}/week`, { page }, TMDB_TTL.lists, type === 'all' ? 'movie' : type);
  }

  getPopular(type: MediaType, page: number) {
    return this.page(`/${type}/popular`, { page }, TMDB_TTL.lists, type);
  }

  getTopRated(type: MediaType, page: number) {
    return this.page(`/${type}/top_rated`, { page }, TMDB_TTL.lists, type);
  }

  getNowPlaying(page: number) {
    return this.page('/movie/now_playing', { page, region: WATCH_REGION }, TMDB_TTL.lists, 'movie');
  }

  getUpcoming(page: number) {
    return this.page('/movie/upcoming', { page, region: WATCH_REGION }, TMDB_TTL.lists, 'movie');
  }

  getOnTheAir(page: number) {
    return this.page('/tv/on_the_air', { page }, TMDB_TTL.lists, 'tv');
  }

  getByGenre(type: MediaType, genreId: number, page: number) {
    return this.getDiscoverContent({ type, genres: [genreId], page });
  }

  async getDetails(type: MediaType, id: number): Promise<TitleDetails | null> {
    // One upstream request: everything the details page shows is appended.
    const appended = ['credits', 'videos', type === 'movie' ? 'release_dates' : 'content_ratings', 'keywords', 'watch/providers'];
    const details = await this.client.get<TmdbDetails>(`/${type}/${id}`, { append_to_response: appended.join(',') }, TMDB_TTL.details);
    return details ? toTitleDetails(details, type) : null;
  }

  async findByImdbId(imdbId: string): Promise<TitleSummary | null> {
    const found = await this.client.get<{ movie_results?: TmdbListItem[]; tv_results?: TmdbListItem[] }>(
      `/find/${encodeURIComponent(imdbId)}`,
      { external_source: 'imdb_id' },
      TMDB_TTL.details,
    );
    const movie = found?.movie_results?.[0];
    if (movie) return toTitleSummary(movie, 'movie');
    const show = found?.tv_results?.[0];
    return show ? toTitleSummary(show, 'tv') : null;
  }

  async getCertification(type: MediaType, id: number): Promise<string | null> {
    // The smallest call that carries it: release dates of a movie, content ratings of a series.
    const path = type === 'movie' ? `/movie/${id}/release_dates` : `/tv/${id}/content_ratings`;
    const body = await this.client.get<{ results?: unknown[] }>(path, {}, TMDB_TTL.details);
    if (!body) return null;
    return usCertification((type === 'movie' ? { release_dates: body } : { content_ratings: body }) as TmdbDetails, type);
  }

  async getSeasonDetails(tvId: number, seasonNumber: number): Promise<SeasonDetails | null> {
    const season = await this.client.get<TmdbSeason>(`/tv/${tvId}/season/${seasonNumber}`, {}, TMDB_TTL.season);
    return season ? toSeasonDetails(season) : null;
  }

  async getRecommendations(type: MediaType, id: number, page: number): Promise<Page<TitleSummary>> {
    if (page > RECOMMENDATION_PAGE_LIMIT) return { page, totalPages: RECOMMENDATION_PAGE_LIMIT, totalResults: 0, results: [] };
    const result = await this.page(`/${type}/${id}/recommendations`, { page }, TMDB_TTL.recommendations, type);
    return { ...result, totalPages: Math.min(result.totalPages, RECOMMENDATION_PAGE_LIMIT) };
  }

  async getWatchProviders(type: MediaType): Promise<WatchProviderList> {
    const list = await this.client.get<{ results: TmdbProvider[] }>(`/watch/providers/${type}`, { watch_region: WATCH_REGION }, TMDB_TTL.reference);
    return toProviderList(list?.results ?? []);
  }

  async getGenres(type: MediaType | 'all'): Promise<Genre[]> {
    if (type === 'all') return mergeGenres(await this.getGenres('movie'), await this.getGenres('tv'));
    try {
      const list = await this.client.get<{ genres: Genre[] }>(`/genre/${type}/list`, {}, TMDB_TTL.reference);
      return list?.genres.map((g) => ({ id: g.id, name: g.name })) ?? [...genresFor(type)];
    } catch (error) {
      // Genres are reference data we also ship; a TMDB outage need not empty the genre chips.
      if (error instanceof CatalogueUnavailableError) return [...genresFor(type)];
      throw error;
    }
  }
}

/** DiscoverFilter -> TMDB discover query (the rules of the Advanced Discovery page). */
export function discoverParams(filter: DiscoverFilter): QueryParams {
  const dateField = filter.type === 'movie' ? 'primary_release_date' : 'first_air_date';
  const params: QueryParams = {
    page: filter.page,
    sort_by: filter.sortBy ?? 'popularity.desc',
    include_adult: false,
    with_genres: filter.genres?.length ? filter.genres.join(',') : undefined,
    [`${dateField}.gte`]: filter.yearMin ? `${filter.yearMin}-01-01` : undefined,
    [`${dateField}.lte`]: filter.yearMax ? `${filter.yearMax}-12-31` : undefined,
  };
  if (filter.watchProviders?.length) {
    params.with_watch_providers = filter.watchProviders.join('|');
    params.watch_region = WATCH_REGION;
  }
  if (filter.certification) {
    // Sent for TV too, as the original web app did. TMDB's published spec lists them for discover/movie only,
    // so for TV this may not narrow the results; the offline catalogue does filter TV by rating.
    params.certification = filter.certification;
    params.certification_country = 'US';
  }
  if (filter.tmdbRating !== undefined && filter.tmdbRating > 0) {
    params['vote_average.gte'] = filter.tmdbRating;
    params['vote_count.gte'] = MIN_VOTES_FOR_RATING;
  }
  return params;
}
