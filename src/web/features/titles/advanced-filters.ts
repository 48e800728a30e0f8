import type { AdvancedDiscoverQuery } from '@shared/catalogue-queries';
import { certificationsFor, genresFor, isCertificationOf, type MediaType, MEDIA_TYPES, remapGenre } from '@shared/catalogue';

/**
 * Advanced Discovery filters, every one kept in the URL query (spec 001 §2):
 * type, genres (repeated), year_min, year_max, watchProviders (repeated), rating (certification), tmdbRating.
 */
export interface AdvancedFilters {
  type: MediaType;
  genres: number[];
  yearMin: number | null;
  yearMax: number | null;
  watchProviders: number[];
  certification: string | null;
  tmdbRating: number | null;
}

export const DEFAULT_ADVANCED: AdvancedFilters = { type: 'movie', genres: [], yearMin: null, yearMax: null, watchProviders: [], certification: null, tmdbRating: null };

/** Any, then 2.0 to 9.0 in steps of 1; the server counts only titles with 50 votes or more. */
export const TMDB_RATING_OPTIONS = [2, 3, 4, 5, 6, 7, 8, 9] as const;
export const MIN_YEAR = 1900;
export const MAX_YEAR = new Date().getFullYear() + 2;

const ids = (values: string[]) => [
  ...new Set(
    values
      .flatMap((v) => v.split(','))
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  ),
];
const year = (value: string | null) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= MIN_YEAR && n <= MAX_YEAR ? n : null;
};

/** Reads the filters; values that do not fit (a TV rating on movies, a year out of range) are dropped. */
export function parseAdvancedFilters(params: URLSearchParams): AdvancedFilters {
  const type: MediaType = MEDIA_TYPES.includes(params.get('type') as MediaType) ? (params.get('type') as MediaType) : 'movie';
  const known = new Set(genresFor(type).map((g) => g.id));
  let yearMin = year(params.get('year_min'));
  let yearMax = year(params.get('year_max'));
  if (yearMin !== null && yearMax !== null && yearMin > yearMax) [yearMin, yearMax] = [yearMax, yearMin];
  const certification = params.get('rating');
  const tmdbRating = Number(params.get('tmdbRating'));
  return {
    type,
    genres: ids(params.getAll('genres')).filter((id) => known.has(id)),
    yearMin,
    yearMax,
    watchProviders: ids(params.getAll('watchProviders')),
    certification: certification && certificationsFor(type).includes(certification) ? certification : null,
    tmdbRating: (TMDB_RATING_OPTIONS as readonly number[]).includes(tmdbRating) ? tmdbRating : null,
  };
}

export function advancedSearchParams(f: AdvancedFilters): URLSearchParams {
  const params = new URLSearchParams();
  params.set('type', f.type);
  for (const g of f.genres) params.append('genres', String(g));
  if (f.yearMin !== null) params.set('year_min', String(f.yearMin));
  if (f.yearMax !== null) params.set('year_max', String(f.yearMax));
  for (const p of f.watchProviders) params.append('watchProviders', String(p));
  if (f.certification) params.set('rating', f.certification);
  if (f.tmdbRating !== null) params.set('tmdbRating', String(f.tmdbRating));
  return params;
}

/** The query of GET /api/catalogue/advanced-discover for these filters. */
export function discoverApiParams(f: AdvancedFilters, page: number): AdvancedDiscoverQuery {
  return {
    type: f.type,
    page,
    genres: f.genres,
    yearMin: f.yearMin ?? undefined,
    yearMax: f.yearMax ?? undefined,
    providers: f.watchProviders,
    certification: f.certification !== null && isCertificationOf(f.type, f.certification) ? f.certification : undefined,
    rating: f.tmdbRating ?? undefined,
  };
}

/** Switching movie/TV keeps genres that have an equivalent; drops the certification and services (each type has its own lists). */
export function switchAdvancedType(f: AdvancedFilters, to: MediaType): AdvancedFilters {
  if (f.type === to) return f;
  const genres = [...new Set(f.genres.map((g) => remapGenre(g, to)).filter((g): g is number => g !== null))];
  return { ...f, type: to, genres, certification: null, watchProviders: [] };
}

export const toggleId = (list: readonly number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]);

export const activeFilterCount = (f: AdvancedFilters) =>
  f.genres.length + f.watchProviders.length + (f.yearMin !== null ? 1 : 0) + (f.yearMax !== null ? 1 : 0) + (f.certification ? 1 : 0) + (f.tmdbRating !== null ? 1 : 0);
