import { describe, expect, it } from 'vitest';
import { urlOf } from '@shared/api/contract';
import { titlesApi } from '@shared/api/titles';
import { advancedSearchParams, DEFAULT_ADVANCED, discoverApiParams, parseAdvancedFilters, switchAdvancedType, toggleId } from './advanced-filters';

describe('Advanced Discovery filters in the URL', () => {
  it('uses the spec names, repeated genres and providers, and round-trips', () => {
    const f = { type: 'tv' as const, genres: [18, 80], yearMin: 2000, yearMax: 2010, watchProviders: [8, 9], certification: 'TV-MA', tmdbRating: 7 };
    const params = advancedSearchParams(f);
    expect(params.toString()).toBe('type=tv&genres=18&genres=80&year_min=2000&year_max=2010&watchProviders=8&watchProviders=9&rating=TV-MA&tmdbRating=7');
    expect(parseAdvancedFilters(params)).toEqual(f);
  });

  it('defaults to movies and drops values that do not fit', () => {
    expect(parseAdvancedFilters(new URLSearchParams(''))).toEqual(DEFAULT_ADVANCED);
    const f = parseAdvancedFilters(new URLSearchParams('type=book&genres=10765&genres=x&year_min=1200&rating=TV-MA&tmdbRating=9.5'));
    expect(f).toEqual(DEFAULT_ADVANCED);
    expect(parseAdvancedFilters(new URLSearchParams('year_min=2010&year_max=2000'))).toMatchObject({ yearMin: 2000, yearMax: 2010 });
  });

  it('maps to the API query: yearMin/yearMax, providers, certification and rating', () => {
    const f = { ...DEFAULT_ADVANCED, genres: [28], yearMin: 1999, watchProviders: [8], certification: 'R', tmdbRating: 6 };
    expect(urlOf(titlesApi.discover, { query: discoverApiParams(f, 2) })).toBe(
      '/api/catalogue/discover?type=movie&page=2&genres=28&yearMin=1999&providers=8&certification=R&rating=6',
    );
  });

  it('remaps genres and drops the certification when the type changes', () => {
    const f = { ...DEFAULT_ADVANCED, genres: [28, 12, 27], certification: 'PG' };
    expect(switchAdvancedType(f, 'tv')).toMatchObject({ type: 'tv', genres: [10759], certification: null });
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 2)).toEqual([1, 2]);
  });
});
