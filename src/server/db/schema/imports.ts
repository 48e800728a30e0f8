import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { importSources } from '../../../shared/imports';
import { user } from './auth';

/** One title a confirmed import writes: a favorite when rated (ruling 29), a watchlist entry when listed. */
export interface ImportItem {
  mediaType: 'movie' | 'tv';
  mediaId: number;
  rating: number | null;
  watchlist: boolean;
}

/**
 * Imports of a user's history (issue 21 part 1, decision 053). A row is made by the preview:
 * `status` matching while its titles are matched in the background (`preview` holds the file's
 * entries and the rows matched so far, `cursor` how many; `heartbeat_at` as below), then preview
 * (the matched rows and counts in `preview`); confirming fills `items` and queues it; the
 * runner claims it (FOR UPDATE SKIP LOCKED, one instance at a time), writes `items` from `cursor` on
 * in chunks, each chunk's rows, cursor and report counts in one transaction, so a restart resumes
 * where the last commit left it and nothing is written twice. `heartbeat_at` is renewed by every
 * chunk; a running job whose heartbeat is old (its instance died) is claimed again.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source', { enum: importSources }).notNull(),
    status: text('status', { enum: ['matching', 'preview', 'queued', 'running', 'done', 'failed'] }).notNull(),
    preview: jsonb('preview').notNull(),
    items: jsonb('items')
      .$type<ImportItem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cursor: integer('cursor').notNull().default(0),
    /** Rows of the file that will not be written (not found, ambiguous left unpicked, watched only). */
    skipped: integer('skipped').notNull().default(0),
    addedFavorites: integer('added_favorites').notNull().default(0),
    addedWatchlist: integer('added_watchlist').notNull().default(0),
    alreadyThere: integer('already_there').notNull().default(0),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_user_idx').on(t.userId, t.createdAt),
    index('import_jobs_pending_idx')
      .on(t.status)
      .where(sql`status in ('queued', 'running')`),
  ],
);
