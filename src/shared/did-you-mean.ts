/** Search suggestions ("Did you mean ...?", spec 001 §5) and the text similarity they rest on. */

/** Lower case, accents and punctuation removed, spaces collapsed: "Amélie!" -> "amelie". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** 1 for equal strings, 0 for nothing in common (edit distance over the longer length). */
export function similarity(a: string, b: string): number {
  const max = Math.max(a.length, b.length);
  return max === 0 ? 1 : 1 - levenshtein(a, b) / max;
}

/** Plain similarity blended with word overlap (a word prefix counts as a full match) and a whole-prefix bonus. */
export function combinedScore(query: string, title: string): number {
  const q = normalizeText(query);
  const t = normalizeText(title);
  const titleWords = t.split(' ');
  const queryWords = q.split(' ').filter(Boolean);
  const wordScore = queryWords.length
    ? queryWords.reduce((sum, w) => sum + Math.max(...titleWords.map((tw) => (tw.startsWith(w) ? 1 : similarity(w, tw)))), 0) / queryWords.length
    : 0;
  return 0.6 * similarity(q, t) + 0.3 * wordScore + 0.1 * (t.startsWith(q) ? 1 : 0);
}

export const SUGGESTION_MIN_LENGTH = 3;
export const SUGGESTION_MIN_SCORE = 0.6;
export const SUGGESTION_MAX_SIMILARITY = 0.95;

/**
 * The title to offer as "Did you mean ...?", or null. Only for queries of 3+ characters; the best
 * candidate must score above 0.6, and a near-exact match (similarity 0.95+) means the query is fine as typed.
 */
export function didYouMean(query: string, candidateTitles: readonly string[]): string | null {
  const q = normalizeText(query);
  if (q.length < SUGGESTION_MIN_LENGTH) return null;
  let best: { title: string; score: number } | null = null;
  for (const title of new Set(candidateTitles)) {
    const score = combinedScore(q, title);
    if (!best || score > best.score) best = { title, score };
  }
  if (!best || best.score <= SUGGESTION_MIN_SCORE) return null;
  return similarity(q, normalizeText(best.title)) < SUGGESTION_MAX_SIMILARITY ? best.title : null;
}
