import type { MediaType } from '../../../shared/catalogue';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importMessages, type ImportSource } from '../../../shared/imports';
import { AppError } from '../../http/errors';

/** What every reader of an export file shares (parse.ts reads CSV and ZIP, parse-json.ts the JSON lists). */

/** One title of the file, before matching. `rating` is already on our 1–5 scale (ruling 29). */
export interface ImportEntry {
  name: string;
  year: number | null;
  imdbId: string | null;
  tmdbId: number | null;
  mediaType: MediaType | null;
  rating: number | null;
  watchlist: boolean;
}

export interface ParsedImport {
  source: ImportSource;
  /** Titles to match: rated or on the watchlist. */
  entries: ImportEntry[];
  /** Titles only watched or liked, without a rating: not imported (ruling 29). */
  watchedOnly: number;
}

/** A ZIP may inflate to at most this much of the files we read: a zip bomb stops here. */
export const IMPORT_MAX_INFLATED_BYTES = 4 * IMPORT_MAX_BYTES;

export const wrongFile = () => new AppError(400, 'unsupported_file', importMessages.wrongFile);
export const tooManyRows = () => new AppError(400, 'too_many_rows', importMessages.tooManyRows);
export const tooLarge = () => new AppError(413, 'payload_too_large', importMessages.tooLarge);

export type Kind = 'rating' | 'watchlist' | 'watched';
export interface Raw {
  key: string;
  entry: ImportEntry;
  kind: Kind;
}

/** Counts rows across every file of one import. */
export class RowBudget {
  private rows = 0;
  take() {
    if (++this.rows > IMPORT_MAX_ROWS) throw tooManyRows();
  }
}

/**
 * A title as the file spells it, without NUL and other control characters: PostgreSQL refuses NUL in
 * text and JSON (the preview is stored), and none belongs in a title.
 */
// eslint-disable-next-line no-control-regex
export const cleanText = (s: string) => s.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

export const yearOf = (s: string | undefined) => {
  const n = Number(s);
  return s && /^\d{4}$/.test(s.trim()) && n > 1800 && n < 2200 ? n : null;
};
