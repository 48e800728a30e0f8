import { describe, expect, it } from 'vitest';
import type { TitleSummary } from '@shared/catalogue';
import { parseDetailsParams } from './details-params';
import { filterRelated } from './related-filter';
import { mergePages, nextPageParam } from './title-list';

const t = (id: number, over: Partial<TitleSummary> = {}): TitleSummary => ({
  id,
  mediaType: 'movie',
  title: `Title ${id}`,
  overview: '',
  posterUrl: `/p/${id}.svg`,
  backdropUrl: null,
  releaseDate: null,
  year: 2000,
  voteAverage: 7,
  voteCount: 100,
  popularity: id,
  genreIds: [],
  genres: [],
  certification: null,
  ...over,
});

describe('title lists', () => {
  it('merges pages taking their titles in turn, in the order of each list, each title once', () => {
    const merged = mergePages(
      [
        { page: 1, totalPages: 3, totalResults: 50, results: [t(1), t(5), t(2)] },
        { page: 1, totalPages: 1, totalResults: 2, results: [t(300, { mediaType: 'tv' }), t(5)] },
      ],
      1,
    );
    // Series scored far higher do not push the movies down the page.
    expect(merged.results.map((x) => `${x.mediaType}${x.id}`)).toEqual(['movie1', 'tv300', 'movie5', 'movie2']);
    expect(merged).toMatchObject({ totalPages: 3, totalResults: 52 });
  });

  it('stops paging at the last page or the cap', () => {
    expect(nextPageParam({ page: 1, totalPages: 3, totalResults: 0, results: [] })).toBe(2);
    expect(nextPageParam({ page: 3, totalPages: 3, totalResults: 0, results: [] })).toBeUndefined();
    expect(nextPageParam({ page: 5, totalPages: 9, totalResults: 0, results: [] }, 5)).toBeUndefined();
  });

  it('keeps related titles with posters, once, not the title itself, by type and search', () => {
    const list = [t(1), t(2, { posterUrl: null }), t(1), t(3, { mediaType: 'tv', title: 'Dark Matter' }), t(4)];
    expect(filterRelated(list, 'all', '', 'movie-4').map((x) => x.id)).toEqual([1, 3]);
    expect(filterRelated(list, 'tv', '', undefined).map((x) => x.id)).toEqual([3]);
    expect(filterRelated(list, 'all', 'dark', undefined).map((x) => x.id)).toEqual([3]);
  });

  it('accepts only movie or tv with a positive whole id on details', () => {
    expect(parseDetailsParams('tv', '1396')).toEqual({ type: 'tv', id: 1396 });
    for (const [type, id] of [
      ['person', '1'],
      ['movie', 'abc'],
      ['movie', '0'],
      ['movie', '12.5'],
      ['movie', '-3'],
      [undefined, '1'],
    ]) {
      expect(parseDetailsParams(type, id)).toBeNull();
    }
  });
});
