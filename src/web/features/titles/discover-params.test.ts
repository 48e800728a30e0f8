import { describe, expect, it } from 'vitest';
import type { TitleSummary } from '@shared/catalogue';
import {
  clearFilters,
  DEFAULT_DISCOVER,
  discoverSearchParams,
  gridHeading,
  gridRequests,
  matchesFilters,
  MODES,
  parseDiscoverParams,
  switchContentType,
  switchMode,
} from './discover-params';

const title = (over: Partial<TitleSummary>): TitleSummary => ({
  id: 1,
  mediaType: 'movie',
  title: 'T',
  overview: '',
  posterUrl: null,
  backdropUrl: null,
  releaseDate: null,
  year: null,
  voteAverage: 7,
  voteCount: 100,
  popularity: 1,
  genreIds: [],
  genres: [],
  certification: null,
  ...over,
});

describe('discover URL state', () => {
  it('round-trips through the query and drops defaults', () => {
    const state = { type: 'tv', mode: 'popular', q: 'bad', genre: 10765, rating: 'TV-MA' } as const;
    const params = discoverSearchParams(state);
    expect(params.toString()).toBe('type=tv&mode=popular&q=bad&genre=10765&rating=TV-MA');
    expect(parseDiscoverParams(params)).toEqual(state);
    expect(discoverSearchParams(DEFAULT_DISCOVER).toString()).toBe('');
  });

  it('ignores unknown values and ratings or genres of the other type', () => {
    expect(parseDiscoverParams(new URLSearchParams('type=book&mode=x&genre=10765&rating=PG'))).toEqual({ ...DEFAULT_DISCOVER, genre: 10765, rating: 'PG' });
    expect(parseDiscoverParams(new URLSearchParams('type=movie&genre=10765&rating=TV-MA'))).toEqual({ ...DEFAULT_DISCOVER, type: 'movie' });
  });
});

describe('switching rules (spec 001 §2)', () => {
  it('resets the rating and remaps the genre when the content type changes', () => {
    const movie = { ...DEFAULT_DISCOVER, type: 'movie' as const, genre: 28, rating: 'PG-13' };
    expect(switchContentType(movie, 'tv')).toMatchObject({ type: 'tv', genre: 10759, rating: null });
    expect(switchContentType({ ...movie, genre: 878 }, 'tv').genre).toBe(10765);
    expect(switchContentType({ ...movie, genre: 10752 }, 'tv').genre).toBe(10768);
    expect(switchContentType({ ...movie, genre: 27 }, 'tv').genre).toBeNull(); // Horror has no TV twin
    expect(switchContentType({ ...movie, type: 'tv', genre: 10762 }, 'movie').genre).toBeNull(); // Kids
    expect(switchContentType({ ...movie, type: 'tv', genre: 10762 }, 'all').genre).toBe(10762);
  });

  it('clears the search text when the mode changes, and Clear Filters clears all filters', () => {
    const s = { ...DEFAULT_DISCOVER, q: 'alien', genre: 27, rating: 'R' };
    expect(switchMode(s, 'trending')).toEqual({ ...s, mode: 'trending', q: '' });
    expect(clearFilters(s)).toEqual(DEFAULT_DISCOVER);
  });
});

describe('grid requests', () => {
  it('asks discover (not trending) of each type in Discover mode, also without filters', () => {
    expect(gridRequests(DEFAULT_DISCOVER)).toEqual({
      requests: [
        { kind: 'discover', type: 'movie', genre: null, certification: null },
        { kind: 'discover', type: 'tv', genre: null, certification: null },
      ],
      filterHere: false,
    });
    expect(gridRequests({ ...DEFAULT_DISCOVER, type: 'tv' }).requests).toEqual([{ kind: 'discover', type: 'tv', genre: null, certification: null }]);
    expect(gridRequests({ ...DEFAULT_DISCOVER, mode: 'trending' })).toEqual({ requests: [{ kind: 'trending', type: 'all', certification: null }], filterHere: true });
    expect(gridRequests({ ...DEFAULT_DISCOVER, mode: 'popular' }).requests).toEqual([
      { kind: 'popular', type: 'movie', certification: null },
      { kind: 'popular', type: 'tv', certification: null },
    ]);
  });

  it('gives each mode its own heading, a search its own', () => {
    const headings = MODES.map((mode) => gridHeading({ ...DEFAULT_DISCOVER, mode }));
    expect(headings).toEqual(['Discover movies and TV shows', 'Trending this week', 'Popular right now']);
    expect(gridHeading({ ...DEFAULT_DISCOVER, type: 'movie', genre: 28 })).toBe('Discover movies');
    expect(gridHeading({ ...DEFAULT_DISCOVER, type: 'tv', mode: 'trending' })).toBe('Trending this week');
    expect(gridHeading({ ...DEFAULT_DISCOVER, mode: 'popular', q: ' dune ' })).toBe('Results for "dune"');
  });

  it('asks discover of each type with its own genre id, only the type a rating belongs to', () => {
    expect(gridRequests({ ...DEFAULT_DISCOVER, genre: 28 }).requests).toEqual([
      { kind: 'discover', type: 'movie', genre: 28, certification: null },
      { kind: 'discover', type: 'tv', genre: 10759, certification: null },
    ]);
    expect(gridRequests({ ...DEFAULT_DISCOVER, rating: 'TV-14' }).requests).toEqual([{ kind: 'discover', type: 'tv', genre: null, certification: 'TV-14' }]);
    expect(gridRequests({ ...DEFAULT_DISCOVER, genre: 27, rating: 'TV-14' }).requests).toEqual([]);
  });

  it('searches both types for All, filtering only the genre here and the rating on the server', () => {
    expect(gridRequests({ ...DEFAULT_DISCOVER, mode: 'popular', q: ' dune ' })).toEqual({
      requests: [
        { kind: 'search', type: 'movie', q: 'dune', certification: null },
        { kind: 'search', type: 'tv', q: 'dune', certification: null },
      ],
      filterHere: true,
    });
    expect(gridRequests({ ...DEFAULT_DISCOVER, type: 'tv', mode: 'popular' })).toEqual({ requests: [{ kind: 'popular', type: 'tv', certification: null }], filterHere: true });
    // Issue 18: the rating goes to the server with every list, and only to the kind of title it rates.
    // Trending under All asks the list of the kind the rating rates: trending of all kinds holds the same matches, spread thinner.
    expect(gridRequests({ ...DEFAULT_DISCOVER, mode: 'trending', rating: 'PG-13' }).requests).toEqual([{ kind: 'trending', type: 'movie', certification: 'PG-13' }]);
    expect(gridRequests({ ...DEFAULT_DISCOVER, mode: 'trending', rating: 'TV-MA' }).requests).toEqual([{ kind: 'trending', type: 'tv', certification: 'TV-MA' }]);
    expect(gridRequests({ ...DEFAULT_DISCOVER, mode: 'popular', rating: 'R' }).requests).toEqual([{ kind: 'popular', type: 'movie', certification: 'R' }]);
    expect(gridRequests({ ...DEFAULT_DISCOVER, q: 'x', rating: 'TV-MA' }).requests).toEqual([{ kind: 'search', type: 'tv', q: 'x', certification: 'TV-MA' }]);
  });

  it('matches a genre through its movie/TV equivalent and the certification exactly', () => {
    expect(matchesFilters(title({ mediaType: 'tv', genreIds: [10759] }), 28, null)).toBe(true);
    expect(matchesFilters(title({ genreIds: [35] }), 28, null)).toBe(false);
    expect(matchesFilters(title({ certification: 'R' }), null, 'R')).toBe(true);
    expect(matchesFilters(title({ certification: null }), null, 'R')).toBe(false);
  });
});
