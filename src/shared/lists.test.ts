import { describe, expect, it } from 'vitest';
import { addFavoriteSchema, filterListItems, type ListItem, listGenres, listMessages, releaseYear } from './lists';

const item = (title: string, mediaType: 'movie' | 'tv', genres: string[]): ListItem => ({
  title,
  mediaType,
  mediaId: title.length,
  genres,
  posterPath: null,
  releaseDate: null,
  voteAverage: null,
  addedAt: '2026-01-01T00:00:00.000Z',
});

const items = [item('Fight Club', 'movie', ['Drama', 'Thriller']), item('Breaking Bad', 'tv', ['Drama', 'Crime']), item('The Office', 'tv', ['Comedy'])];

describe('profile list filter', () => {
  it('matches the title or the media type, ignoring case and spaces around', () => {
    expect(filterListItems(items, '  fight ', []).map((i) => i.title)).toEqual(['Fight Club']);
    expect(filterListItems(items, 'TV', []).map((i) => i.title)).toEqual(['Breaking Bad', 'The Office']);
    expect(filterListItems(items, 'nothing', [])).toEqual([]);
    expect(filterListItems(items, '', [])).toHaveLength(3);
  });

  it('keeps an item that has any selected genre, combined with the search', () => {
    expect(filterListItems(items, '', ['Crime', 'Comedy']).map((i) => i.title)).toEqual(['Breaking Bad', 'The Office']);
    expect(filterListItems(items, 'movie', ['Crime'])).toEqual([]);
  });

  it('offers the genres of the list, most frequent first, then by name', () => {
    expect(listGenres(items)).toEqual(['Drama', 'Comedy', 'Crime', 'Thriller']);
  });
});

describe('list texts and rules', () => {
  it('says star or stars as the spec toast does', () => {
    expect(listMessages.addedToFavorites(1)).toBe('Added to favorites with 1 star');
    expect(listMessages.addedToFavorites(4)).toBe('Added to favorites with 4 stars');
    expect(listMessages.alreadyInWatchlist('Dune')).toBe("'Dune' is already in your watchlist.");
  });

  it('reads the year of a release date', () => {
    expect(releaseYear('1999-10-15')).toBe(1999);
    expect(releaseYear(null)).toBeNull();
    expect(releaseYear('')).toBeNull();
  });

  it('accepts a rating of 1 to 5 only, and no fields beyond type, id and rating', () => {
    expect(addFavoriteSchema.safeParse({ mediaType: 'movie', mediaId: 550, rating: 5 }).success).toBe(true);
    expect(addFavoriteSchema.safeParse({ mediaType: 'movie', mediaId: 550, rating: 0 }).success).toBe(false);
    expect(addFavoriteSchema.safeParse({ mediaType: 'movie', mediaId: 550, rating: 3, title: 'x' }).success).toBe(false);
  });
});
