import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { parseImportFile } from './parse';

const lb = 'Date,Name,Year,Letterboxd URI';
const file = (s: string) => strToU8(s);
const refused = async (name: string, bytes: Uint8Array) => {
  const err = await parseImportFile(name, bytes).catch((e: unknown) => e);
  expect(err, name).toBeInstanceOf(AppError);
  return err as AppError;
};

describe('parseImportFile', () => {
  it('merges the files of a Letterboxd ZIP: rated and watchlisted titles are entries, watched and liked-only ones are counted', async () => {
    const zip = zipSync({
      'ratings.csv': file(`${lb},Rating\n2024-01-01,Alien,1979,https://boxd.it/a,4.5\n2024-01-01,"Monsters, Inc.",2001,https://boxd.it/b,0.5\n`),
      'watched.csv': file(`${lb}\n2024-01-01,Alien,1979,https://boxd.it/a\n2024-01-01,Heat,1995,https://boxd.it/c\n`),
      'watchlist.csv': file(`${lb}\n2024-01-01,Alien,1979,https://boxd.it/a\n2024-01-01,Up,2009,https://boxd.it/d\n`),
      'likes/films.csv': file(`${lb}\n2024-01-01,Jaws,1975,https://boxd.it/e\n`),
    });
    const parsed = await parseImportFile('export.zip', zip);
    expect(parsed.source).toBe('letterboxd');
    expect(parsed.watchedOnly).toBe(2);
    expect(parsed.entries.map((e) => [e.name, e.year, e.rating, e.watchlist])).toEqual([
      ['Alien', 1979, 5, true],
      ['Monsters, Inc.', 2001, 1, false],
      ['Up', 2009, null, true],
    ]);
  });

  it('takes NUL and other control characters out of titles, in CSV and in Trakt JSON', async () => {
    const csv = await parseImportFile('ratings.csv', file(`${lb},Rating\n2024-01-01,"Al\u0000ien\u001b",1979,https://boxd.it/a,4\n`));
    expect(csv.entries.map((e) => e.name)).toEqual(['Al ien']);
    const trakt = [{ rating: 8, type: 'movie', movie: { title: 'He\u0000at', year: 1995, ids: {} } }];
    const json = await parseImportFile('ratings.json', file(JSON.stringify(trakt)));
    expect(json.entries.map((e) => e.name)).toEqual(['He at']);
  });

  it('reads a BOM, CRLF line ends and an IMDb title type; skips episodes', async () => {
    const csv =
      '\uFEFFConst,Your Rating,Date Rated,Title,URL,Title Type,Year\r\ntt0133093,9,2020-01-01,The Matrix,u,Movie,1999\r\ntt0959621,10,2020-01-01,Pilot,u,TV Episode,2008\r\ntt0903747,7,2020-01-01,Breaking Bad,u,TV Series,2008\r\n';
    const parsed = await parseImportFile('ratings.csv', file(csv));
    expect(parsed.source).toBe('imdb');
    expect(parsed.entries.map((e) => [e.imdbId, e.mediaType, e.rating])).toEqual([
      ['tt0133093', 'movie', 5],
      ['tt0903747', 'tv', 4],
    ]);
  });

  it('reads Trakt exports as one object, as an array, and as a ZIP of its JSON files', async () => {
    const rating = { rated_at: 'x', rating: 8, type: 'movie', movie: { title: 'Alien', year: 1979, ids: { trakt: 1, tmdb: 348, imdb: 'tt0078748' } } };
    const listed = { listed_at: 'x', type: 'show', show: { title: 'Breaking Bad', year: 2008, ids: { tmdb: 1396 } } };
    const episode = { rated_at: 'x', rating: 9, type: 'episode', episode: { title: 'Pilot' } };
    const one = await parseImportFile('trakt.json', file(JSON.stringify({ ratings: [rating, episode], watchlist: [listed] })));
    expect(one.entries.map((e) => [e.tmdbId, e.mediaType, e.rating, e.watchlist])).toEqual([
      [348, 'movie', 4, false],
      [1396, 'tv', null, true],
    ]);
    const array = await parseImportFile('ratings-movies.json', file(JSON.stringify([rating])));
    expect(array.entries).toHaveLength(1);
    const zip = await parseImportFile('trakt.zip', zipSync({ 'ratings-movies.json': file(JSON.stringify([rating])), 'watchlist-shows.json': file(JSON.stringify([listed])) }));
    expect(zip.source).toBe('trakt');
    expect(zip.entries).toHaveLength(2);
  });

  it('reads Letterboxd’s import layout: our own favorites CSV, and hand-written ones with Rating10 or an IMDb id', async () => {
    const ours = await parseImportFile(
      'favorites-letterboxd.csv',
      file('tmdbID,Title,Year,Rating\r\n550,Fight Club,1999,4\r\n13,"Forrest Gump, the film",1994,1\r\n680,Pulp Fiction,1994,\r\n'),
    );
    expect(ours.source).toBe('letterboxd');
    expect(ours.watchedOnly).toBe(1);
    expect(ours.entries.map((e) => [e.tmdbId, e.mediaType, e.name, e.year, e.rating, e.watchlist])).toEqual([
      [550, 'movie', 'Fight Club', 1999, 4, false],
      [13, 'movie', 'Forrest Gump, the film', 1994, 1, false],
    ]);
    const hand = await parseImportFile('mine.csv', file('Title,imdbID,Rating10,WatchedDate\nThe Matrix,tt0133093,9,2020-01-01\nAlien,,3,\nHeat,tt0113277,,\n'));
    expect(hand.source).toBe('letterboxd');
    expect(hand.watchedOnly).toBe(1);
    expect(hand.entries.map((e) => [e.imdbId, e.tmdbId, e.name, e.rating])).toEqual([
      ['tt0133093', null, 'The Matrix', 5],
      [null, null, 'Alien', 2],
    ]);
    const stars = await parseImportFile('x.csv', file('LetterboxdURI,Title,Year,Rating\nhttps://boxd.it/a,Up,2009,2.5\n'));
    expect(stars.entries.map((e) => [e.name, e.year, e.rating])).toEqual([['Up', 2009, 3]]);
    const watchlist = await parseImportFile('watchlist.csv', file('Title,Year\nUp,2009\n'));
    expect(watchlist.entries.map((e) => [e.name, e.watchlist, e.rating])).toEqual([['Up', true, null]]);
  });

  it('reads a Reelmates data export ZIP: favorites and watchlist, films and series, with their TMDB ids and ratings', async () => {
    const favorites = [
      { mediaType: 'movie', mediaId: 550, title: 'Fight Club', releaseDate: '1999-10-15', genres: ['Drama'], rating: 4, addedAt: 'x' },
      { mediaType: 'tv', mediaId: 1396, title: 'Breaking Bad', releaseDate: '2008-01-20', genres: [], rating: 5, addedAt: 'x' },
      { mediaType: 'podcast', mediaId: 1, title: 'Not ours', rating: 3 },
    ];
    const watchlist = [
      { mediaType: 'movie', mediaId: 13, title: 'Forrest Gump', releaseDate: null, genres: [], addedAt: 'x' },
      { mediaType: 'tv', mediaId: 1396, title: 'Breaking Bad', releaseDate: '2008-01-20', genres: [], addedAt: 'x' },
    ];
    const zip = zipSync({
      'README.txt': file('Your Reelmates data'),
      'profile.json': file('{}'),
      'favorites.json': file(JSON.stringify(favorites)),
      'watchlist.json': file(JSON.stringify(watchlist)),
      'favorites-letterboxd.csv': file('tmdbID,Title,Year,Rating\r\n550,Fight Club,1999,4\r\n'),
      'uploads/a.png': new Uint8Array([1, 2, 3]),
    });
    const parsed = await parseImportFile('reelmates-data-2026-11-26.zip', zip);
    expect(parsed.source).toBe('reelmates');
    expect(parsed.watchedOnly).toBe(0);
    expect(parsed.entries.map((e) => [e.mediaType, e.tmdbId, e.name, e.year, e.rating, e.watchlist])).toEqual([
      ['movie', 550, 'Fight Club', 1999, 4, false],
      ['tv', 1396, 'Breaking Bad', 2008, 5, true],
      ['movie', 13, 'Forrest Gump', null, null, true],
    ]);
    // In one folder (a re-zipped export) too; a favorites.json that is no list of ours is refused.
    const nested = await parseImportFile('x.zip', zipSync({ 'mine/favorites.json': file(JSON.stringify(favorites)), 'mine/watchlist.json': file('[]') }));
    expect(nested.entries).toHaveLength(2);
    expect((await refused('x.zip', zipSync({ 'favorites.json': file('{"a": 1}'), 'watchlist.json': file('[]') }))).code).toBe('unsupported_file');
    expect((await refused('x.zip', zipSync({ 'favorites.json': file('[{"foo": 1}]'), 'watchlist.json': file('[]') }))).code).toBe('unsupported_file');
  });

  it('stops a ZIP that inflates past its cap, and refuses files of other layouts', async () => {
    const bomb = zipSync({ 'ratings.csv': new Uint8Array(45 * 1024 * 1024).fill(0x41) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await refused('bomb.zip', bomb)).status).toBe(413);
    for (const [name, body] of [
      ['x.csv', 'Title,Rating\nAlien,5\n'],
      ['x.csv', 'Movie,Score,Comment\nAlien,5,great\n'],
      ['x.csv', 'tmdbID,Rating\n550,4\n'],
      ['x.json', '[1, 2, 3]'],
      ['x.json', '{"ratings": [{"foo": 1}]}'],
      ['x.csv', '\u0000\u0001binary'],
    ] as const) {
      expect((await refused(name, file(body))).code, `${name} ${body}`).toMatch(/unsupported_file|bad_request/);
    }
    // Making and inflating 45 MB takes about a second alone, over 5 s on a loaded machine.
  }, 30_000);
});
