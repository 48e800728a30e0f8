import { z } from 'zod';
import { mediaTypeSchema } from './lists';

/**
 * Importing one's history from Letterboxd, IMDb or Trakt (issue 21 part 1, decision 053). Isomorphic:
 * the limits, the wording and the rating conversion (ruling 29) are shared by the server and the
 * Settings card.
 */

/** Largest file accepted (a Letterboxd ZIP of a long-time member is a few hundred KB). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most rows read from one file (all CSVs of a ZIP together). */
export const IMPORT_MAX_ROWS = 20_000;
/** Choices offered for an ambiguous row. */
export const IMPORT_MAX_CHOICES = 5;

export const importMessages = {
  title: 'Import your history',
  wrongFile: 'This file is not a Letterboxd, IMDb or Trakt export.',
  tooLarge: 'The file must be 10 MB or smaller.',
  tooManyRows: `This file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`,
  empty: 'This file holds no films or series to import.',
  noFile: 'Please choose a file to import.',
  notFound: 'This import does not exist or has expired.',
  alreadyConfirmed: 'This import has already been started.',
  stillMatching: 'The titles of this file are still being matched. Please wait for the preview.',
};

export const importSources = ['letterboxd', 'imdb', 'trakt', 'reelmates'] as const;
export const importSourceSchema = z.enum(importSources);
export type ImportSource = z.output<typeof importSourceSchema>;
/** What each source is called (a Reelmates export is our own data export ZIP, decision 056). */
export const importSourceLabels: Record<ImportSource, string> = {
  letterboxd: 'Letterboxd',
  imdb: 'IMDb',
  trakt: 'Trakt',
  reelmates: 'Reelmates export',
};

/** Letterboxd's 0.5–5 stars rounded half up to 1–5 (ruling 29); null for no or an invalid rating. */
export function fromFiveStars(stars: number): number | null {
  if (!Number.isFinite(stars) || stars <= 0 || stars > 5) return null;
  return Math.min(5, Math.max(1, Math.floor(stars + 0.5)));
}

/** IMDb's and Trakt's 1–10 as `ceil(n / 2)` (ruling 29); null for no or an invalid rating. */
export function fromTenPoints(points: number): number | null {
  if (!Number.isFinite(points) || points < 1 || points > 10) return null;
  return Math.ceil(points / 2);
}

export const importUploadSchema = z.object({
  file: z.file(importMessages.noFile).meta({
    type: 'string',
    format: 'binary',
    description:
      'A Letterboxd export ZIP (or its ratings.csv, watched.csv, watchlist.csv, likes/films.csv, or a CSV in Letterboxd’s import layout), an IMDb ratings or watchlist CSV, a Trakt JSON export, or a Reelmates data export ZIP; at most 10 MB',
  }),
});

const int = () => z.number().int();

export const importChoiceSchema = z
  .object({ mediaType: mediaTypeSchema, mediaId: int().positive(), title: z.string(), year: int().nullable(), posterUrl: z.string().nullable() })
  .meta({ id: 'ImportChoice' });
export type ImportChoice = z.output<typeof importChoiceSchema>;

export const importRowSchema = z
  .object({
    /** The row's number in this preview (the key a choice is sent back with). */
    row: int().nonnegative(),
    name: z.string(),
    year: int().nullable(),
    /** The converted 1–5 rating; null when the title was not rated (not a favorite then). */
    rating: int().min(1).max(5).nullable(),
    watchlist: z.boolean(),
    status: z.enum(['matched', 'ambiguous', 'notFound']),
    /** The title a matched row becomes. */
    match: importChoiceSchema.nullable(),
    /** The titles an ambiguous row may be, best first. */
    choices: z.array(importChoiceSchema),
  })
  .meta({ id: 'ImportRow' });
export type ImportRow = z.output<typeof importRowSchema>;

export const importPreviewSchema = z
  .object({
    id: z.uuid(),
    source: importSourceSchema,
    /**
     * `matching`: the file was read and its titles are being matched in the background (a large file
     * against TMDB takes minutes); `progress` says how far, and `counts` and `rows` are empty until
     * `ready`. Ask again at GET /me/imports/{id}/preview.
     */
    status: z.enum(['matching', 'ready']),
    progress: z.object({ processed: int(), total: int() }),
    counts: z.object({ rows: int(), matched: int(), ambiguous: int(), notFound: int(), watchedOnly: int() }),
    rows: z.array(importRowSchema),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.output<typeof importPreviewSchema>;

export const importConfirmSchema = z.object({
  /** A choice for each ambiguous row to import; the ambiguous rows left out are skipped. */
  choices: z.array(z.object({ row: z.number().int().nonnegative(), mediaType: mediaTypeSchema, mediaId: z.number().int().positive().max(2_147_483_647) })).max(IMPORT_MAX_ROWS),
});
export type ImportConfirm = z.input<typeof importConfirmSchema>;

export const importReportSchema = z.object({ addedFavorites: int(), addedWatchlist: int(), alreadyThere: int(), skipped: int() }).meta({ id: 'ImportReport' });
export type ImportReport = z.output<typeof importReportSchema>;

export const importJobSchema = z
  .object({
    id: z.uuid(),
    source: importSourceSchema,
    /** `matching`: read, its titles being matched; `preview`: read and matched, not confirmed (nothing written yet). */
    status: z.enum(['matching', 'preview', 'queued', 'running', 'done', 'failed']),
    /** Titles to write, and how many of them are done. */
    total: int(),
    processed: int(),
    report: importReportSchema,
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.output<typeof importJobSchema>;

export const currentImportSchema = z.object({ job: importJobSchema.nullable() }).meta({ id: 'CurrentImport' });

export const importIdParamsSchema = z.strictObject({ id: z.uuid('Not a valid import id.') });
