import type { MediaType, TitleSummary } from '../../../shared/catalogue';
import { normalizeText } from '../../../shared/did-you-mean';
import { IMPORT_MAX_CHOICES, type ImportChoice, type ImportRow } from '../../../shared/imports';
import type { Catalogue } from '../../integrations/catalogue';
import type { ImportEntry } from './parse';

/** Upstream lookups at once (TMDB allows about 40 a second; the offline catalogue does not care). */
const PARALLEL = 8;

/**
 * The offline catalogue answers from memory without ever waiting, so matching a large file would hold
 * the event loop for seconds (15,000 rows: 11 s in which no other request was answered). The workers
 * give way to it after this much work in a row.
 */
const YIELD_AFTER_MS = 10;

const choiceOf = (t: Pick<TitleSummary, 'mediaType' | 'id' | 'title' | 'year' | 'posterUrl'>): ImportChoice => ({
  mediaType: t.mediaType,
  mediaId: t.id,
  title: t.title,
  year: t.year,
  posterUrl: t.posterUrl,
});

/** Searches already asked, shared by the chunks of one file (entries of the same name ask once). */
export type SearchCache = Map<string, Promise<TitleSummary[]>>;

/**
 * Matches each entry to a catalogue title (decision 053): by id first (Trakt's TMDB id, an IMDb id
 * through the catalogue's /find), then by title and year through the catalogue's search. One title
 * with the exact name and year (or, without a year, the only exact name) is a match; several
 * candidates make the row ambiguous with up to five choices; none, not found. Searches are shared
 * between entries of the same name. `firstRow` numbers the rows of a chunk of a longer file.
 */
export async function matchEntries(
  catalogue: Catalogue,
  entries: readonly ImportEntry[],
  { firstRow = 0, searches = new Map<string, Promise<TitleSummary[]>>() }: { firstRow?: number; searches?: SearchCache } = {},
): Promise<ImportRow[]> {
  const search = (type: MediaType, name: string) => {
    const key = `${type}|${normalizeText(name)}`;
    let found = searches.get(key);
    if (!found) {
      found = (type === 'movie' ? catalogue.searchMovies(name, 1) : catalogue.searchTVShows(name, 1)).then((p) => p.results);
      searches.set(key, found);
    }
    return found;
  };
  const rows: ImportRow[] = new Array<ImportRow>(entries.length);
  let next = 0;
  let since = performance.now();
  const worker = async () => {
    for (let i = next++; i < entries.length; i = next++) {
      rows[i] = await matchOne(catalogue, search, entries[i]!, firstRow + i);
      if (performance.now() - since > YIELD_AFTER_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        since = performance.now();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, entries.length) }, worker));
  return rows;
}

async function matchOne(catalogue: Catalogue, search: (type: MediaType, name: string) => Promise<TitleSummary[]>, e: ImportEntry, row: number): Promise<ImportRow> {
  const base = { row, name: e.name, year: e.year, rating: e.rating, watchlist: e.watchlist };
  const matched = (c: ImportChoice): ImportRow => ({ ...base, status: 'matched', match: c, choices: [] });
  if (e.tmdbId && e.mediaType) {
    const d = await catalogue.getDetails(e.mediaType, e.tmdbId);
    if (d) return matched(choiceOf(d));
  }
  if (e.imdbId) {
    const t = await catalogue.findByImdbId(e.imdbId);
    if (t) return matched(choiceOf(t));
  }
  if (!e.name.trim()) return { ...base, status: 'notFound', match: null, choices: [] };
  const types: MediaType[] = e.mediaType ? [e.mediaType] : ['movie', 'tv'];
  let candidates: TitleSummary[] = [];
  for (const type of types) candidates.push(...(await search(type, e.name)));
  // Letterboxd lists a few series as films; an IMDb title type may be missing: look in the other list too.
  if (!candidates.length && e.mediaType) candidates = await search(e.mediaType === 'movie' ? 'tv' : 'movie', e.name);
  const wanted = normalizeText(e.name);
  const exact = candidates.filter((c) => normalizeText(c.title) === wanted);
  if (e.year !== null) {
    const sameYear = exact.filter((c) => c.year === e.year);
    if (sameYear.length === 1) return matched(choiceOf(sameYear[0]!));
    const nearYear = exact.filter((c) => c.year !== null && Math.abs(c.year - e.year!) <= 1);
    if (!sameYear.length && nearYear.length === 1) return matched(choiceOf(nearYear[0]!));
  } else if (exact.length === 1) return matched(choiceOf(exact[0]!));
  const byYear = (c: TitleSummary) => (e.year === null || c.year === null ? 50 : Math.abs(c.year - e.year));
  const ranked = [...new Set([...exact, ...candidates])].sort((a, b) => Number(exact.includes(b)) - Number(exact.includes(a)) || byYear(a) - byYear(b));
  // Loose search hits of another year are noise, not choices.
  const plausible = ranked.filter((c) => exact.includes(c) || e.year === null || (c.year !== null && Math.abs(c.year - e.year) <= 1));
  if (!plausible.length) return { ...base, status: 'notFound', match: null, choices: [] };
  return { ...base, status: 'ambiguous', match: null, choices: plausible.slice(0, IMPORT_MAX_CHOICES).map(choiceOf) };
}
