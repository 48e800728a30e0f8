import { Readable } from 'node:stream';
import { parse as csvParser } from 'csv-parse';
import { Unzip, UnzipInflate } from 'fflate';
import type { MediaType } from '../../../shared/catalogue';
import { normalizeText } from '../../../shared/did-you-mean';
import { fromFiveStars, fromTenPoints, IMPORT_MAX_BYTES, importMessages, type ImportSource } from '../../../shared/imports';
import { AppError, errors } from '../../http/errors';
import { fromReelmatesJson, fromTraktJson, reelmatesFiles } from './parse-json';
import { cleanText, IMPORT_MAX_INFLATED_BYTES, type ImportEntry, type Kind, type ParsedImport, type Raw, RowBudget, tooLarge, wrongFile, yearOf } from './parse-common';

export type { ImportEntry, ParsedImport } from './parse-common';
export { IMPORT_MAX_INFLATED_BYTES } from './parse-common';

const CHUNK = 64 * 1024;

/**
 * Reads an export file into entries (decision 053): the Letterboxd ZIP or one of its CSVs (its export
 * layout, or the import layout our own favorites-letterboxd.csv uses), an IMDb ratings or watchlist
 * CSV, a Trakt JSON export (or a ZIP of its JSON files), or a Reelmates data export ZIP. CSV through csv-parse
 * and ZIP through fflate, both streaming, with limits: the file's size (checked by the route and
 * again here), the bytes a ZIP may inflate to, and the rows read. Anything else is refused with one
 * clear message. Pure: no catalogue, no database.
 */

export async function parseImportFile(fileName: string, bytes: Uint8Array): Promise<ParsedImport> {
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  const budget = new RowBudget();
  let parsed: { source: ImportSource; raws: Raw[] };
  if (isZip(bytes)) parsed = await fromZip(bytes, budget);
  else if (looksLikeJson(bytes)) parsed = { source: 'trakt', raws: fromTraktJson(decode(bytes), baseName(fileName), budget) };
  else parsed = await fromCsv(baseName(fileName), bytes, budget);
  const result = merge(parsed.source, parsed.raws);
  if (!result.entries.length && !result.watchedOnly) throw errors.badRequest(importMessages.empty);
  return result;
}

const baseName = (name: string) => name.replace(/\\/g, '/').toLowerCase();
const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
function looksLikeJson(b: Uint8Array) {
  for (const c of b.subarray(0, 64)) {
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xef || c === 0xbb || c === 0xbf) continue;
    return c === 0x7b || c === 0x5b;
  }
  return false;
}
function decode(b: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b).replace(/^\uFEFF/, '');
  } catch {
    throw wrongFile();
  }
}

/** The merged entries: one per title, a rating and a watchlist mark from any of the files. */
function merge(source: ImportSource, raws: Raw[]): ParsedImport {
  const byKey = new Map<string, { entry: ImportEntry; watched: boolean }>();
  for (const { key, entry, kind } of raws) {
    const seen = byKey.get(key) ?? { entry: { ...entry, rating: null, watchlist: false }, watched: false };
    if (kind === 'rating' && entry.rating !== null) seen.entry.rating = entry.rating;
    if (kind === 'watchlist') seen.entry.watchlist = true;
    if (kind === 'watched') seen.watched = true;
    seen.entry.imdbId ??= entry.imdbId;
    seen.entry.tmdbId ??= entry.tmdbId;
    seen.entry.mediaType ??= entry.mediaType;
    byKey.set(key, seen);
  }
  const all = [...byKey.values()];
  const entries = all.filter((s) => s.entry.rating !== null || s.entry.watchlist).map((s) => s.entry);
  return { source, entries, watchedOnly: all.length - entries.length };
}

// ---------------------------------------------------------------- ZIP

async function fromZip(bytes: Uint8Array, budget: RowBudget): Promise<{ source: ImportSource; raws: Raw[] }> {
  const files = readZip(bytes, (name) => /\.(csv|json)$/i.test(name) && !name.startsWith('__MACOSX/'));
  const ours = reelmatesFiles([...files.keys()]);
  if (ours) {
    const raws = [...fromReelmatesJson(decode(files.get(ours.favorites)!), 'rating', budget), ...fromReelmatesJson(decode(files.get(ours.watchlist)!), 'watchlist', budget)];
    return { source: 'reelmates', raws };
  }
  const letterboxd = ['ratings.csv', 'watched.csv', 'watchlist.csv', 'likes/films.csv'];
  const lb = [...files.keys()].filter((n) => letterboxd.some((l) => baseName(n) === l || baseName(n).endsWith(`/${l}`)));
  if (lb.length) {
    const raws: Raw[] = [];
    for (const name of lb) {
      const got = await fromCsv(baseName(name), files.get(name)!, budget);
      if (got.source !== 'letterboxd') throw wrongFile();
      raws.push(...got.raws);
    }
    return { source: 'letterboxd', raws };
  }
  const json = [...files.keys()].filter((n) => n.toLowerCase().endsWith('.json') && /rating|watchlist|watched|history/i.test(n));
  if (json.length) return { source: 'trakt', raws: json.flatMap((n) => fromTraktJson(decode(files.get(n)!), baseName(n), budget)) };
  const csv = [...files.keys()].filter((n) => n.toLowerCase().endsWith('.csv'));
  if (csv.length === 1) return fromCsv(baseName(csv[0]!), files.get(csv[0]!)!, budget);
  throw wrongFile();
}

/** The wanted files of a ZIP, inflated as a stream with a cap on the bytes they inflate to. */
function readZip(bytes: Uint8Array, wanted: (name: string) => boolean): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let inflated = 0;
  let failure: Error | null = null;
  const unzip = new Unzip((file) => {
    if (!wanted(file.name)) return;
    const chunks: Uint8Array[] = [];
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) {
        failure = wrongFile();
        return;
      }
      inflated += data.length;
      if (inflated > IMPORT_MAX_INFLATED_BYTES) {
        failure = tooLarge();
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) files.set(file.name, Buffer.concat(chunks));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < bytes.length && !failure; i += CHUNK) unzip.push(bytes.subarray(i, i + CHUNK), i + CHUNK >= bytes.length);
  } catch {
    throw wrongFile();
  }
  if (failure) throw failure;
  return files;
}

// ---------------------------------------------------------------- CSV

/** The records of a CSV, header first, streamed through csv-parse; every record counts against the budget. */
async function* csvRecords(bytes: Uint8Array, budget: RowBudget): AsyncGenerator<string[]> {
  const parser = csvParser({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 64 * 1024 });
  const input = Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += CHUNK) yield Buffer.from(bytes.subarray(i, i + CHUNK));
    })(),
  );
  input.pipe(parser);
  input.on('error', (err) => parser.destroy(err));
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      budget.take();
      yield record;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw wrongFile();
  } finally {
    input.destroy();
    parser.destroy();
  }
}

async function fromCsv(fileName: string, bytes: Uint8Array, budget: RowBudget): Promise<{ source: ImportSource; raws: Raw[] }> {
  const raws: Raw[] = [];
  let header: string[] | null = null;
  let source: ImportSource | null = null;
  let col: (name: string) => number = () => -1;
  let kindOf: Kind = 'watched';
  let importLayout = false;
  for await (const record of csvRecords(bytes, budget)) {
    if (!header) {
      header = record.map((h) => h.trim().toLowerCase());
      const h = header;
      col = (name) => h.indexOf(name);
      if (col('const') >= 0 && col('title') >= 0) {
        source = 'imdb';
        kindOf = col('position') >= 0 || /watchlist/.test(fileName) ? 'watchlist' : 'rating';
        if (kindOf === 'rating' && col('your rating') < 0) throw wrongFile();
      } else if (col('name') >= 0 && col('year') >= 0 && col('letterboxd uri') >= 0) {
        source = 'letterboxd';
        if (col('rating') >= 0) kindOf = 'rating';
        else if (/watchlist/.test(fileName)) kindOf = 'watchlist';
        else kindOf = 'watched';
      } else if (col('title') >= 0 && ['tmdbid', 'imdbid', 'letterboxduri', 'year'].some((c) => col(c) >= 0)) {
        // Letterboxd's *import* layout (our own favorites-letterboxd.csv, and what people write by hand).
        source = 'letterboxd';
        importLayout = true;
        if (col('rating') >= 0 || col('rating10') >= 0) kindOf = 'rating';
        else if (/watchlist/.test(fileName)) kindOf = 'watchlist';
        else kindOf = 'watched';
      } else throw wrongFile();
      continue;
    }
    const at = (name: string) => cleanText(record[col(name)] ?? '');
    if (importLayout) {
      const entry = letterboxdImportEntry(at, kindOf);
      if (!entry) continue;
      const { tmdbId, imdbId, name, year } = entry;
      const key = tmdbId ? `movie:${tmdbId}` : (imdbId ?? `${normalizeText(name)}|${year ?? ''}`);
      raws.push({ key, entry, kind: entry.rating === null && kindOf === 'rating' ? 'watched' : kindOf });
    } else if (source === 'letterboxd') {
      const name = at('name');
      if (!name) continue;
      const year = yearOf(at('year'));
      const rating = kindOf === 'rating' ? fromFiveStars(Number(at('rating'))) : null;
      const entry: ImportEntry = { name, year, imdbId: null, tmdbId: null, mediaType: 'movie', rating, watchlist: false };
      // One film across the files (ratings, watched, watchlist, likes): its name and year.
      raws.push({ key: `${normalizeText(name)}|${year ?? ''}`, entry, kind: rating === null && kindOf === 'rating' ? 'watched' : kindOf });
    } else {
      const imdbId = at('const');
      if (!/^tt\d{1,10}$/.test(imdbId)) continue;
      const type = imdbType(at('title type'));
      if (type === 'skip') continue;
      const rating = kindOf === 'rating' ? fromTenPoints(Number(at('your rating'))) : null;
      const entry: ImportEntry = { name: at('title'), year: yearOf(at('year')), imdbId, tmdbId: null, mediaType: type, rating, watchlist: false };
      raws.push({ key: imdbId, entry, kind: rating === null && kindOf === 'rating' ? 'watched' : kindOf });
    }
  }
  if (!source) throw wrongFile();
  return { source, raws };
}

/**
 * One row of Letterboxd's import layout (letterboxd.com/about/importing-data): `Title`, and any of
 * `tmdbID` (a TMDB *movie* id), `imdbID`, `Year`, `Rating` (0.5–5) or `Rating10` (1–10), ruling 29.
 * Null for a row naming no title at all.
 */
function letterboxdImportEntry(at: (name: string) => string, kindOf: Kind): ImportEntry | null {
  const name = at('title');
  const tmdb = at('tmdbid');
  const tmdbId = /^\d{1,9}$/.test(tmdb) && Number(tmdb) > 0 ? Number(tmdb) : null;
  const imdb = at('imdbid');
  const imdbId = /^tt\d{1,10}$/.test(imdb) ? imdb : null;
  if (!name && !tmdbId && !imdbId) return null;
  let rating: number | null = null;
  if (kindOf === 'rating') {
    const stars = at('rating');
    const points = at('rating10');
    rating = stars ? fromFiveStars(Number(stars)) : points ? fromTenPoints(Number(points)) : null;
  }
  return { name, year: yearOf(at('year')), imdbId, tmdbId, mediaType: 'movie', rating, watchlist: false };
}

/** IMDb's title types as ours; episodes are not titles we list. */
function imdbType(t: string): MediaType | null | 'skip' {
  const s = t.toLowerCase().replace(/[^a-z]/g, '');
  if (!s) return null;
  if (s.includes('episode')) return 'skip';
  if (s.startsWith('tvseries') || s.startsWith('tvminiseries')) return 'tv';
  return 'movie';
}
