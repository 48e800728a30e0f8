import { strToU8, zipSync } from 'fflate';
import { loadOfflineData, type OfflineTitle } from '../integrations/catalogue/offline/offline-data';

/**
 * Export files made for the import tests and the bench (issue 21 part 1), from the offline
 * catalogue's own titles, in the real layouts: a Letterboxd export ZIP (ratings.csv, watched.csv,
 * watchlist.csv, likes/films.csv, plus files we ignore), an IMDb ratings CSV and a Trakt JSON
 * export. Deterministic, so tests can compute what each must import.
 */

const csvField = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (header: string[], rows: (string | number)[][]) => [header, ...rows].map((r) => r.map(csvField).join(',')).join('\n') + '\n';

/** A title no catalogue has. */
export const UNKNOWN_TITLE = { name: 'Zzyzx Quibble of the Unfound Reel', year: 2031 };

let cached: OfflineTitle[] | null = null;
function titles() {
  cached ??= loadOfflineData().titles;
  return cached;
}
const movies = () => titles().filter((t) => t.type === 'movie' && t.year !== null && t.title.toLowerCase() !== 'nosferatu');

/** Letterboxd stars of the i-th rated film: 0.5 to 5 in half steps. */
export const starsOf = (i: number) => ((i % 10) + 1) / 2;

export interface LetterboxdFixture {
  zip: Uint8Array;
  /** The films rated (favorites, with Letterboxd stars). */
  rated: { title: OfflineTitle; stars: number }[];
  /** Films only on the watchlist. */
  watchlist: OfflineTitle[];
  /** Films only watched or liked (not imported). */
  watchedOnly: OfflineTitle[];
}

/**
 * `count` films (default 200): the first 60 % rated (every odd title among them), 20 % on the
 * watchlist, the rest only watched (some liked too), plus the unknown title rated and 'Nosferatu'
 * without a year (two films of that name: ambiguous). Beyond the catalogue's films (the bench's
 * 5,000-row export) the rest are rated films of names no catalogue has.
 */
export function letterboxdExport(count = 200): LetterboxdFixture {
  const pool = [...movies()].sort((a, b) => Number(/[^A-Za-z0-9 ]/.test(b.title)) - Number(/[^A-Za-z0-9 ]/.test(a.title)) || a.id - b.id);
  const films = pool.slice(0, Math.min(count, pool.length));
  const nRated = Math.round(films.length * 0.6);
  const nWatch = Math.round(films.length * 0.2);
  const rated = films.slice(0, nRated).map((title, i) => ({ title, stars: starsOf(i) }));
  const watchlist = films.slice(nRated, nRated + nWatch);
  const watchedOnly = films.slice(nRated + nWatch);
  const uri = (t: OfflineTitle) => `https://boxd.it/${t.id.toString(36)}`;
  const date = '2024-03-15';
  const ratingRows: (string | number)[][] = rated.map(({ title, stars }) => [date, title.title, title.year!, uri(title), stars]);
  ratingRows.push([date, UNKNOWN_TITLE.name, UNKNOWN_TITLE.year, 'https://boxd.it/zzzz', 4]);
  ratingRows.push([date, 'Nosferatu', '', 'https://boxd.it/nosf', 3]);
  // Past the real films, the bench's big export repeats rows as other films: unknown names.
  for (let i = 0; i < count - films.length; i++) ratingRows.push([date, `Imported Film Number ${i}`, 1990 + (i % 30), `https://boxd.it/x${i}`, starsOf(i)]);
  const header = ['Date', 'Name', 'Year', 'Letterboxd URI'];
  const zip = zipSync({
    'profile.csv': strToU8(csv(['Date Joined', 'Username', 'Given Name'], [['2019-01-01', 'reelfan', 'Reel']])),
    'ratings.csv': strToU8(csv([...header, 'Rating'], ratingRows)),
    'watched.csv': strToU8(
      csv(
        header,
        [...rated.map((r) => r.title), ...watchedOnly].map((t) => [date, t.title, t.year!, uri(t)]),
      ),
    ),
    'watchlist.csv': strToU8(
      csv(
        header,
        watchlist.map((t) => [date, t.title, t.year!, uri(t)]),
      ),
    ),
    'diary.csv': strToU8(csv(['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'], [])),
    'likes/films.csv': strToU8(
      csv(
        header,
        watchedOnly.slice(0, 5).map((t) => [date, t.title, t.year!, uri(t)]),
      ),
    ),
  });
  return { zip, rated, watchlist, watchedOnly };
}

/** An IMDb ratings.csv of the titles whose IMDb id the offline catalogue knows, rated 1 to 10 in turn, plus an unknown id. */
export function imdbRatingsCsv(): { csv: string; rated: { title: OfflineTitle; points: number }[] } {
  const known = titles().filter((t) => t.imdbId);
  const rated = known.map((title, i) => ({ title, points: (i % 10) + 1 }));
  const header = [
    'Const',
    'Your Rating',
    'Date Rated',
    'Title',
    'Original Title',
    'URL',
    'Title Type',
    'IMDb Rating',
    'Runtime (mins)',
    'Year',
    'Genres',
    'Num Votes',
    'Release Date',
    'Directors',
  ];
  const rows = rated.map(({ title, points }) => [
    title.imdbId!,
    points,
    '2023-05-01',
    title.title,
    title.title,
    `https://www.imdb.com/title/${title.imdbId}/`,
    title.type === 'tv' ? 'TV Series' : 'Movie',
    title.voteAverage,
    title.runtime ?? '',
    title.year ?? '',
    '',
    title.voteCount,
    title.releaseDate ?? '',
    '',
  ]);
  rows.push(['tt9999999', 7, '2023-05-01', UNKNOWN_TITLE.name, UNKNOWN_TITLE.name, 'https://www.imdb.com/title/tt9999999/', 'Movie', 5, 90, UNKNOWN_TITLE.year, '', 1, '', '']);
  return { csv: csv(header, rows), rated };
}

/** A Trakt JSON export: ratings of 20 movies and 5 shows (1–10) and a watchlist of 10 others, by TMDB id. */
export function traktExport(): { json: string; rated: { title: OfflineTitle; rating: number }[]; watchlist: OfflineTitle[] } {
  const ms = titles().filter((t) => t.type === 'movie');
  const ts = titles().filter((t) => t.type === 'tv');
  const rated = [...ms.slice(0, 20), ...ts.slice(0, 5)].map((title, i) => ({ title, rating: (i % 10) + 1 }));
  const watchlist = ms.slice(20, 30);
  const item = (t: OfflineTitle) => ({ title: t.title, year: t.year, ids: { trakt: t.id + 100000, slug: t.title.toLowerCase().replace(/\W+/g, '-'), imdb: t.imdbId, tmdb: t.id } });
  const body = {
    ratings: rated.map(({ title, rating }) => ({
      rated_at: '2022-02-02T10:00:00.000Z',
      rating,
      type: title.type === 'tv' ? 'show' : 'movie',
      [title.type === 'tv' ? 'show' : 'movie']: item(title),
    })),
    watchlist: watchlist.map((title) => ({ rank: 1, listed_at: '2022-02-03T10:00:00.000Z', type: 'movie', movie: item(title) })),
  };
  return { json: JSON.stringify(body, null, 2), rated, watchlist };
}
