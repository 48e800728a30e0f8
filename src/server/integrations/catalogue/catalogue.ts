import { PAGE_SIZE } from '../../../shared/catalogue';
import type { Genre, MediaType, Page, PersonSearchResult, SeasonDetails, TitleDetails, TitleSummary, WatchProviderList } from '../../../shared/catalogue';

/** What the catalogue is filtered by on the Discover and Advanced Discovery pages. */
export interface DiscoverFilter {
  type: MediaType;
  /** All of these genres (TMDB with_genres joined by comma). */
  genres?: number[];
  yearMin?: number;
  yearMax?: number;
  /** Any of these US streaming providers. */
  watchProviders?: number[];
  /** US certification, such as PG-13 or TV-MA. */
  certification?: string;
  /** Minimum TMDB vote average; only titles with 50+ votes count. */
  tmdbRating?: number;
  sortBy?: 'popularity.desc';
  page: number;
}

export type ArtKind = 'poster' | 'backdrop' | 'profile';
export type ArtSubject = MediaType | 'person';

/**
 * The movie database as Reelmates sees it: TMDB when a key is configured, otherwise the offline demo
 * catalogue. Both answer with the shared types, 20 results a page; null means "no such title".
 */
export interface Catalogue {
  readonly source: 'tmdb' | 'offline';
  searchMovies(query: string, page: number): Promise<Page<TitleSummary>>;
  searchTVShows(query: string, page: number): Promise<Page<TitleSummary>>;
  /** Titles of the people whose name matches: cast, and crew in PERSON_SEARCH_ROLES. */
  searchByPerson(query: string, page: number): Promise<PersonSearchResult>;
  getDiscoverContent(filter: DiscoverFilter): Promise<Page<TitleSummary>>;
  getTrending(type: MediaType | 'all', page: number): Promise<Page<TitleSummary>>;
  getPopular(type: MediaType, page: number): Promise<Page<TitleSummary>>;
  getByGenre(type: MediaType, genreId: number, page: number): Promise<Page<TitleSummary>>;
  /** Highest rated first (enough votes to mean something). */
  getTopRated(type: MediaType, page: number): Promise<Page<TitleSummary>>;
  /** Movies in cinemas now, newest first. */
  getNowPlaying(page: number): Promise<Page<TitleSummary>>;
  /** Movies coming to cinemas, soonest first. */
  getUpcoming(page: number): Promise<Page<TitleSummary>>;
  /** Series airing new episodes now. */
  getOnTheAir(page: number): Promise<Page<TitleSummary>>;
  getDetails(type: MediaType, id: number): Promise<TitleDetails | null>;
  /** The movie or series an IMDb id (`tt0068646`) names (TMDB's /find); null when none is known. */
  findByImdbId(imdbId: string): Promise<TitleSummary | null>;
  /** The US content rating of one title (list items do not carry it); null when it has none. */
  getCertification(type: MediaType, id: number): Promise<string | null>;
  getSeasonDetails(tvId: number, seasonNumber: number): Promise<SeasonDetails | null>;
  getRecommendations(type: MediaType, id: number, page: number): Promise<Page<TitleSummary>>;
  /** Streaming providers available in the US. */
  getWatchProviders(type: MediaType): Promise<WatchProviderList>;
  getGenres(type: MediaType | 'all'): Promise<Genre[]>;
  /** Only the offline catalogue draws its own posters (SVG); null when the subject is unknown. */
  renderArt?(subject: ArtSubject, id: number, kind: ArtKind): string | null;
}

/**
 * The upstream database failed (after retries) and nothing cached could stand in. Routes answer 503;
 * `timedOut` says the upstream did not answer within its time budget (asking again at once would only
 * make the person wait as long again).
 */
export class CatalogueUnavailableError extends Error {
  override readonly name = 'CatalogueUnavailableError';
  readonly timedOut: boolean;
  constructor(
    message: string,
    readonly upstreamStatus?: number,
    options?: { cause?: unknown; timedOut?: boolean },
  ) {
    super(message, options);
    this.timedOut = options?.timedOut ?? false;
  }
}

/** Slices one page out of a full, already sorted list. */
export function paginate<T>(items: readonly T[], page: number, pageSize = PAGE_SIZE): Page<T> {
  const totalResults = items.length;
  return {
    page,
    totalPages: Math.ceil(totalResults / pageSize),
    totalResults,
    results: items.slice((page - 1) * pageSize, page * pageSize),
  };
}
