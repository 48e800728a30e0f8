import { z } from 'zod';
import { text } from './text';

/**
 * The full data export (issue 21 part 2, decision 056): one ZIP of everything a user has here,
 * prepared in the background and mailed as a link valid 24 hours. Shared by the server (the job,
 * the routes) and the web (the Settings card, the Letterboxd CSV of the favorites list).
 */

/** How long a mailed link (and the file behind it) lives. */
export const DATA_EXPORT_TTL_MS = 24 * 60 * 60_000;
/** Exports a user may start in 24 hours (one at a time besides). */
export const DATA_EXPORTS_PER_DAY = 3;

export const DATA_EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const DATA_EXPORT_TEXT = {
  title: 'Download my data',
  description:
    'Get a copy of everything you keep on Reelmates (profile, settings, lists, follows, messages, notifications, forum posts and uploads) as one ZIP file. We e-mail you a link, valid for 24 hours.',
  button: 'Request my data',
  started: 'We are preparing your data. We will e-mail you a link when it is ready.',
  ready: 'Your data is ready. We sent you an e-mail with the download link.',
  inProgress: 'An export is already being prepared.',
  tooMany: `You can request your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again tomorrow.`,
  linkInvalid: 'This download link is not valid or has expired. You can request your data again in Settings.',
  signIn: 'Sign in to download your data.',
} as const;

export const dataExportViewSchema = z
  .object({
    id: z.string(),
    status: z.enum(DATA_EXPORT_STATUSES),
    requestedAt: z.string(),
    finishedAt: z.string().nullable(),
    /** When the link and the file go (ready exports). */
    expiresAt: z.string().nullable(),
    sizeBytes: z.number().int().nonnegative().nullable(),
  })
  .meta({ id: 'DataExport' });
export type DataExportView = z.output<typeof dataExportViewSchema>;

export const dataExportStateSchema = z
  .object({
    /** The latest export, whatever its state, or null when the user never asked. */
    latest: dataExportViewSchema.nullable(),
    /** Exports started in the last 24 hours, and how many are allowed. */
    startedToday: z.number().int().nonnegative(),
    perDay: z.number().int().positive(),
  })
  .meta({ id: 'DataExportState' });
export type DataExportState = z.output<typeof dataExportStateSchema>;

/** The mailed token: 32 random bytes, base64url. */
export const dataExportTokenSchema = z.object({ token: text().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a download link.') });

/** A favorite as the Letterboxd CSV needs it. */
export interface LetterboxdFavorite {
  mediaType: 'movie' | 'tv';
  mediaId: number;
  title: string;
  releaseDate: string | null;
  rating: number;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The favorites in the layout Letterboxd's importer reads (letterboxd.com/about/importing-data:
 * `tmdbID`, `Title`, `Year`, `Rating` on its 0.5–5 scale; our 1–5 ratings fit as they are). Letterboxd
 * holds films only and its `tmdbID` is a TMDB *movie* id, so series are left out (a series id would
 * name some other film); they stay in favorites.json. CRLF line ends, as RFC 4180 writes them.
 */
export function letterboxdCsv(favorites: readonly LetterboxdFavorite[]): string {
  const rows = favorites
    .filter((f) => f.mediaType === 'movie')
    .map((f) => [f.mediaId, f.title, /^\d{4}/.test(f.releaseDate ?? '') ? f.releaseDate!.slice(0, 4) : '', f.rating].map(csvField).join(','));
  return ['tmdbID,Title,Year,Rating', ...rows].join('\r\n') + '\r\n';
}

/** Every file the ZIP holds besides the uploads (under `uploads/`). */
export const DATA_EXPORT_FILES = [
  'README.txt',
  'profile.json',
  'settings.json',
  'favorites.json',
  'watchlist.json',
  'follows.json',
  'messages.json',
  'notifications.json',
  'forum-posts.json',
  'favorites-letterboxd.csv',
] as const;
