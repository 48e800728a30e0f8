import { ALL_CERTIFICATIONS, certificationsFor, genresFor, type MediaType, remapGenre, type TitleSummary } from '@shared/catalogue';

/** The /discover grid's state, kept in the URL query: ?type=&mode=&q=&genre=&rating= (defaults omitted). */
export const CONTENT_TYPES = ['all', 'movie', 'tv'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export const MODES = ['discover', 'trending', 'popular'] as const;
export type DiscoverMode = (typeof MODES)[number];

export interface DiscoverState {
  type: ContentType;
  mode: DiscoverMode;
  q: string;
  genre: number | null;
  /** US certification, e.g. PG-13 or TV-MA. */
  rating: string | null;
}

export const DEFAULT_DISCOVER: DiscoverState = { type: 'all', mode: 'discover', q: '', genre: null, rating: null };

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback);

export const ratingsFor = (type: ContentType): readonly string[] => (type === 'all' ? ALL_CERTIFICATIONS : certificationsFor(type));

/** Reads the state from the query; unknown or mismatched values fall back to their defaults. */
export function parseDiscoverParams(params: URLSearchParams): DiscoverState {
  const type = oneOf(CONTENT_TYPES, params.get('type'), 'all');
  const mode = oneOf(MODES, params.get('mode'), 'discover');
  const genreId = Number(params.get('genre'));
  const genre = genresFor(type).some((g) => g.id === genreId) ? genreId : null;
  const ratingParam = params.get('rating');
  const rating = ratingParam && ratingsFor(type).includes(ratingParam) ? ratingParam : null;
  return { type, mode, q: params.get('q') ?? '', genre, rating };
}

export function discoverSearchParams(state: DiscoverState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.type !== 'all') params.set('type', state.type);
  if (state.mode !== 'discover') params.set('mode', state.mode);
  if (state.q.trim()) params.set('q', state.q);
  if (state.genre !== null) params.set('genre', String(state.genre));
  if (state.rating) params.set('rating', state.rating);
  return params;
}

/** Spec 001 §2: the rating filter resets; the genre maps to its movie/TV equivalent or clears. */
export function switchContentType(state: DiscoverState, to: ContentType): DiscoverState {
  let genre: number | null = null;
  if (state.genre !== null) {
    genre = to === 'all' ? (genresFor('all').some((g) => g.id === state.genre) ? state.genre : null) : remapGenre(state.genre, to);
  }
  return { ...state, type: to, rating: null, genre };
}

/** Spec 001 §2: switching mode clears the search text. */
export const switchMode = (state: DiscoverState, mode: DiscoverMode): DiscoverState => ({ ...state, mode, q: '' });

export const clearFilters = (state: DiscoverState): DiscoverState => ({ ...state, q: '', genre: null, rating: null });

export const hasFilters = (state: DiscoverState) => !!state.q.trim() || state.genre !== null || state.rating !== null;

export type GridRequest =
  | { kind: 'search'; type: MediaType; q: string; certification: string | null }
  | { kind: 'trending'; type: ContentType; certification: string | null }
  | { kind: 'popular'; type: MediaType; certification: string | null }
  | { kind: 'discover'; type: MediaType; genre: number | null; certification: string | null };

const typesOf = (type: ContentType): MediaType[] => (type === 'all' ? ['movie', 'tv'] : [type]);

/** The kinds of title a rating applies to: PG-13 rates movies only, TV-MA series only. */
const typesRated = (type: ContentType, rating: string | null): MediaType[] => typesOf(type).filter((t) => !rating || certificationsFor(t).includes(rating));

/**
 * Which catalogue lists make up the grid. A search wins over the mode; Discover asks the catalogue's
 * discovery (most popular first) of each type with the filters, with or without any. The rating is
 * always filtered on the server (issue 18: TMDB list items carry no rating, so the browser cannot);
 * the genre of trending, popular and search results is filtered here.
 */
export function gridRequests(state: DiscoverState): { requests: GridRequest[]; filterHere: boolean } {
  const q = state.q.trim();
  const certification = state.rating;
  if (q) return { requests: typesRated(state.type, certification).map((type) => ({ kind: 'search', type, q, certification })), filterHere: true };
  if (state.mode === 'trending') {
    // A rating rates one kind of title (PG-13 movies, TV-MA series): under All, the trending list of that
    // kind alone has the same matches in the same order, without reading the other kind's pages for none.
    const type = state.type === 'all' && certification ? (typesRated('all', certification)[0] ?? 'all') : state.type;
    return { requests: [{ kind: 'trending', type, certification }], filterHere: true };
  }
  if (state.mode === 'popular') return { requests: typesRated(state.type, certification).map((type) => ({ kind: 'popular', type, certification })), filterHere: true };
  const requests: GridRequest[] = [];
  for (const type of typesOf(state.type)) {
    if (state.rating && !certificationsFor(type).includes(state.rating)) continue;
    const genre = state.genre === null ? null : remapGenre(state.genre, type);
    if (state.genre !== null && genre === null) continue;
    requests.push({ kind: 'discover', type, genre, certification: state.rating });
  }
  return { requests, filterHere: false };
}

/** A title matches the chosen genre (or its movie/TV equivalent) and certification. */
export function matchesFilters(title: TitleSummary, genre: number | null, rating: string | null): boolean {
  if (rating && title.certification !== rating) return false;
  if (genre === null) return true;
  const equivalent = remapGenre(genre, title.mediaType);
  return title.genreIds.includes(genre) || (equivalent !== null && title.genreIds.includes(equivalent));
}

const TYPE_NOUNS: Record<ContentType, string> = { all: 'movies and TV shows', movie: 'movies', tv: 'TV shows' };

/** The grid's heading (and the list's name): each mode has its own, a search replaces it. */
export function gridHeading(state: DiscoverState): string {
  const q = state.q.trim();
  if (q) return `Results for "${q}"`;
  if (state.mode === 'trending') return 'Trending this week';
  if (state.mode === 'popular') return 'Popular right now';
  return `Discover ${TYPE_NOUNS[state.type]}`;
}
