import { and, desc, eq, inArray, lt, notInArray, or } from 'drizzle-orm';
import type { ImportChoice, ImportConfirm, ImportJob, ImportPreview } from '../../../shared/imports';
import { importMessages } from '../../../shared/imports';
import { batchedRead } from '../../db/batch';
import { importJobs, type ImportItem } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { parseImportFile } from './parse';
import { countsOf, type MatchingState, type StoredPreview } from './preview-matcher';
import { importRunner } from './runner';

/** A preview nobody confirmed is dropped after this long (and when its owner makes another). */
export const PREVIEW_TTL_MS = 24 * 60 * 60_000;
/** Unconfirmed previews kept per user. */
const PREVIEWS_KEPT = 8;

type JobRow = typeof importJobs.$inferSelect;

export function toJob(row: JobRow): ImportJob {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    total: row.items.length,
    processed: Math.min(row.cursor, row.items.length),
    report: { addedFavorites: row.addedFavorites, addedWatchlist: row.addedWatchlist, alreadyThere: row.alreadyThere, skipped: row.skipped },
  };
}

/**
 * Reads an export file and matches its titles into a preview (decision 053). The user's lists are not
 * touched: only the import_jobs row of the preview is written, which the confirm turns into a job.
 * Matching runs beside the request (preview-matcher.ts); the answer is the preview if it is done
 * within IMPORT_PREVIEW_WAIT_SECONDS (5 s by default), else its progress, and the client asks again at previewState. Unconfirmed
 * previews older than a day, and a user's beyond the last few, go.
 */
export async function createPreview(deps: AppDeps, userId: string, fileName: string, bytes: Uint8Array): Promise<ImportPreview> {
  const parsed = await parseImportFile(fileName, bytes);
  const { db } = deps.database;
  const stale = new Date(Date.now() - PREVIEW_TTL_MS);
  const unconfirmed = inArray(importJobs.status, ['matching', 'preview']);
  // Unconfirmed previews: a day at most, and a user's last few (a preview in another tab stays valid).
  await db.delete(importJobs).where(
    and(
      unconfirmed,
      or(
        lt(importJobs.createdAt, stale),
        and(
          eq(importJobs.userId, userId),
          notInArray(
            importJobs.id,
            db
              .select({ id: importJobs.id })
              .from(importJobs)
              .where(and(eq(importJobs.userId, userId), unconfirmed))
              .orderBy(desc(importJobs.createdAt))
              .limit(PREVIEWS_KEPT - 1),
          ),
        ),
      ),
    ),
  );
  const matching: MatchingState = { entries: parsed.entries, watchedOnly: parsed.watchedOnly, rows: [] };
  const [row] = await db
    .insert(importJobs)
    .values({ userId, source: parsed.source, status: 'matching', preview: matching, heartbeatAt: new Date() })
    .returning({ id: importJobs.id });
  const id = row!.id;
  const runner = importRunner(deps);
  const waited = await Promise.race([runner.matchNow(id).then(() => true), new Promise<false>((resolve) => setTimeout(resolve, runner.previewWaitMs, false).unref())]).catch(
    async (err: unknown) => {
      // Failed while the user waits (the catalogue is down): nothing to keep, the route says why.
      await db.delete(importJobs).where(and(eq(importJobs.id, id), eq(importJobs.status, 'matching')));
      throw err;
    },
  );
  if (!waited) deps.logger.info({ importId: id, rows: parsed.entries.length }, 'import preview goes on matching in the background');
  return readPreview(deps, userId, id);
}

/** A preview of the user's: its progress while matching, its rows once matched. 409 once confirmed. */
export async function readPreview(deps: AppDeps, userId: string, id: string): Promise<ImportPreview> {
  const [row] = await deps.database.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.userId, userId)));
  if (!row) throw errors.notFound(importMessages.notFound);
  if (row.status === 'matching') {
    const state = row.preview as MatchingState;
    const total = state.entries.length;
    return { id, source: row.source, status: 'matching', progress: { processed: Math.min(row.cursor, total), total }, counts: countsOf([], state.watchedOnly), rows: [] };
  }
  if (row.status !== 'preview') throw errors.conflict('already_confirmed', importMessages.alreadyConfirmed);
  const { rows, counts } = row.preview as StoredPreview;
  return { id, source: row.source, status: 'ready', progress: { processed: counts.rows, total: counts.rows }, counts, rows };
}

const sameChoice = (a: ImportChoice, b: { mediaType: string; mediaId: number }) => a.mediaType === b.mediaType && a.mediaId === b.mediaId;

/**
 * Confirms a preview: the matched rows and the chosen ambiguous ones become the job's items (one per
 * title, a rating and a watchlist mark merged), the rest count as skipped, and the job is queued for
 * the runner. A choice must be one the preview offered for that row.
 */
export async function confirmImport(deps: AppDeps, userId: string, id: string, body: ImportConfirm): Promise<ImportJob> {
  const job = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(importJobs)
      .where(and(eq(importJobs.id, id), eq(importJobs.userId, userId)))
      .for('update');
    if (!row) throw errors.notFound(importMessages.notFound);
    if (row.status === 'matching') throw errors.conflict('still_matching', importMessages.stillMatching);
    if (row.status !== 'preview') throw errors.conflict('already_confirmed', importMessages.alreadyConfirmed);
    const preview = row.preview as StoredPreview;
    const picked = new Map(body.choices.map((c) => [c.row, c]));
    const items = new Map<string, ImportItem>();
    let taken = 0;
    for (const r of preview.rows) {
      let title: ImportChoice | undefined;
      if (r.status === 'matched' && r.match) title = r.match;
      else if (r.status === 'ambiguous' && picked.has(r.row)) {
        const choice = picked.get(r.row)!;
        title = r.choices.find((c) => sameChoice(c, choice));
        if (!title) throw errors.badRequest('That choice was not offered for this title.', { choices: [`row ${r.row}`] });
      }
      if (!title) continue;
      taken++;
      const key = `${title.mediaType}:${title.mediaId}`;
      const seen = items.get(key) ?? { mediaType: title.mediaType, mediaId: title.mediaId, rating: null, watchlist: false };
      seen.rating ??= r.rating;
      seen.watchlist ||= r.watchlist;
      items.set(key, seen);
    }
    const [updated] = await tx
      .update(importJobs)
      .set({ status: 'queued', items: [...items.values()], cursor: 0, skipped: preview.rows.length - taken + preview.counts.watchedOnly, preview: { counts: preview.counts } })
      .where(eq(importJobs.id, id))
      .returning();
    return updated!;
  });
  deps.events.publish({ users: [userId] }, { type: 'import-progress', id: job.id, processed: 0, total: job.items.length, status: 'queued' });
  importRunner(deps).kick();
  return toJob(job);
}

export async function getImport(deps: AppDeps, userId: string, id: string): Promise<ImportJob> {
  const [row] = await deps.database.db
    .select()
    .from(importJobs)
    .where(and(eq(importJobs.id, id), eq(importJobs.userId, userId)));
  if (!row) throw errors.notFound(importMessages.notFound);
  return toJob(row);
}

/** The user's latest confirmed import, so a reloaded Settings page shows its progress or report. */
/** The newest import of each member asked in one event-loop turn, in one statement (decision 022): the import card asks on every Settings visit. */
const loadCurrent = batchedRead<string, JobRow | null>(
  async (db, userIds) => {
    const rows = await db
      .selectDistinctOn([importJobs.userId])
      .from(importJobs)
      .where(and(inArray(importJobs.userId, userIds), inArray(importJobs.status, ['queued', 'running', 'done', 'failed'])))
      .orderBy(importJobs.userId, desc(importJobs.createdAt));
    return new Map(rows.map((r) => [r.userId, r]));
  },
  () => null,
);

export async function currentImport(deps: AppDeps, userId: string): Promise<ImportJob | null> {
  const row = await loadCurrent(deps.database.db, userId);
  return row ? toJob(row) : null;
}
