import { normalizeText } from '../../../../shared/did-you-mean';

/**
 * Text matching for the offline catalogue, close to how TMDB search feels: case- and accent-insensitive,
 * whole title, title prefix, word prefixes ("dark kn" finds The Dark Knight), then loose substrings
 * ("walle" finds WALL·E). 0 means no match; higher is better.
 */
export function matchScore(normalizedQuery: string, normalizedText: string): number {
  const q = normalizedQuery;
  if (!q) return 0;
  if (normalizedText === q) return 5;
  if (normalizedText.startsWith(q)) return 4;
  const words = normalizedText.split(' ');
  const queryWords = q.split(' ');
  if (queryWords.every((qw) => words.some((w) => w.startsWith(qw)))) return 3;
  if (normalizedText.includes(q)) return 2;
  const compact = (s: string) => s.replace(/ /g, '');
  return compact(normalizedText).includes(compact(q)) ? 1 : 0;
}

/** Items matching the query, best match first, then by popularity. */
export function searchBy<T extends { popularity: number }>(items: readonly T[], query: string, textOf: (item: T) => string): T[] {
  const q = normalizeText(query);
  return items
    .map((item) => ({ item, score: matchScore(q, textOf(item)) }))
    .filter((m) => m.score > 0)
    .sort((a, b) => b.score - a.score || b.item.popularity - a.item.popularity)
    .map((m) => m.item);
}

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** Popularity boosted for recent titles (up to 2.5x for brand new, fading over a few years). */
export function trendingScore(popularity: number, latestDate: string | null, now: number): number {
  if (!latestDate) return popularity;
  const ageYears = Math.max(0, (now - Date.parse(latestDate)) / YEAR_MS);
  return popularity * (1 + 1.5 * Math.exp(-ageYears / 3));
}
