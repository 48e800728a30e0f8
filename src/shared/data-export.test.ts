import { describe, expect, it } from 'vitest';
import { letterboxdCsv } from './data-export';

describe('letterboxdCsv', () => {
  it('writes Letterboxd’s import columns, films only, quoting what needs it', () => {
    const csv = letterboxdCsv([
      { mediaType: 'movie', mediaId: 550, title: 'Fight Club', releaseDate: '1999-10-15', rating: 4 },
      { mediaType: 'tv', mediaId: 1396, title: 'Breaking Bad', releaseDate: '2008-01-20', rating: 5 },
      { mediaType: 'movie', mediaId: 7, title: 'Crouching Tiger, Hidden "Dragon"', releaseDate: null, rating: 1 },
      { mediaType: 'movie', mediaId: 8, title: 'Two\nLines', releaseDate: 'unknown', rating: 3 },
    ]);
    expect(csv).toBe('tmdbID,Title,Year,Rating\r\n550,Fight Club,1999,4\r\n7,"Crouching Tiger, Hidden ""Dragon""",,1\r\n8,"Two\nLines",,3\r\n');
  });

  it('is a header alone for no films', () => {
    expect(letterboxdCsv([])).toBe('tmdbID,Title,Year,Rating\r\n');
  });
});
