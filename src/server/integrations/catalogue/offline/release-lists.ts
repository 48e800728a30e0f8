import type { OfflineTitle } from './offline-data';

/**
 * The release lists of the demo catalogue (in cinemas, coming, on the air), read as of a day: the
 * clock, but no later than the data's snapshot (dataDay), so a demo run years later still sees what
 * was in cinemas and coming when the data was taken.
 */

/** When data/*.json was taken, roughly: its newest movies came out after this day. */
export const OFFLINE_DATA_AS_OF = '2024-10-01';
/** The offline data holds a few hundred titles, so "in cinemas" reaches back further than TMDB's few weeks. */
const NOW_PLAYING_DAYS = 183;
const shiftDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The day the release lists are read as of (YYYY-MM-DD). */
export function dataDay(now: number): string {
  const clock = new Date(now).toISOString().slice(0, 10);
  return clock < OFFLINE_DATA_AS_OF ? clock : OFFLINE_DATA_AS_OF;
}

/** Movies released in the few months up to the day, newest first. */
export function nowPlaying(titles: readonly OfflineTitle[], today: string): OfflineTitle[] {
  const from = shiftDays(today, -NOW_PLAYING_DAYS);
  return titles
    .filter((t) => t.type === 'movie' && t.releaseDate !== null && t.releaseDate > from && t.releaseDate <= today)
    .sort((a, b) => b.releaseDate!.localeCompare(a.releaseDate!));
}

/** Movies released after the day, soonest first. */
export function upcoming(titles: readonly OfflineTitle[], today: string): OfflineTitle[] {
  return titles.filter((t) => t.type === 'movie' && t.releaseDate !== null && t.releaseDate > today).sort((a, b) => a.releaseDate!.localeCompare(b.releaseDate!));
}

/** Series that had started by the day and were still airing then, in the order given (most popular first). */
export function onTheAir(titles: readonly OfflineTitle[], today: string): OfflineTitle[] {
  return titles.filter((t) => t.type === 'tv' && t.releaseDate !== null && t.releaseDate <= today && t.latestDate !== null && t.latestDate >= today);
}
