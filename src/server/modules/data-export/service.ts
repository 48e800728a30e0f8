import { sql } from 'drizzle-orm';
import { DATA_EXPORT_TEXT, DATA_EXPORTS_PER_DAY, type DataExportState, type DataExportStatus } from '../../../shared/data-export';
import { batchedRead } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { hashToken, wakeExportWorker } from './jobs';

interface Row {
  id: string;
  status: DataExportStatus;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  size_bytes: string | number | null;
}

const iso = (d: string | null) => (d === null ? null : new Date(d).toISOString());

/** The latest export and the count of the last 24 hours, in one statement. */
type StateRow = Row & { started_today: number };

/** The newest export and the day's count of every member asked in one event-loop turn, in one statement (decision 022). */
const loadState = batchedRead<string, StateRow | null>(
  async (db, ids) => {
    const rows = await queryRows<StateRow & { member: string }>(
      db,
      sql`SELECT k.member, e.id, e.status, e.created_at, e.finished_at, e.expires_at, e.size_bytes,
                 (SELECT count(*)::int FROM data_exports d WHERE d.user_id = k.member AND d.created_at > now() - interval '24 hours') AS started_today
            FROM json_array_elements_text(${JSON.stringify(ids)}::json) AS k(member)
            LEFT JOIN LATERAL (SELECT * FROM data_exports WHERE user_id = k.member ORDER BY created_at DESC LIMIT 1) e ON true`,
    );
    return new Map(rows.map((r) => [r.member, r]));
  },
  () => null,
);

export async function dataExportState(db: Database, me: string): Promise<DataExportState> {
  const row = await loadState(db, me);
  const latest = row?.id
    ? {
        id: row.id,
        // A ready export whose link ran out is expired, whether or not the sweeper came by yet.
        status: row.status === 'ready' && row.expires_at && new Date(row.expires_at) <= new Date() ? ('expired' as const) : row.status,
        requestedAt: iso(row.created_at)!,
        finishedAt: iso(row.finished_at),
        expiresAt: row.status === 'ready' ? iso(row.expires_at) : null,
        sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
      }
    : null;
  return { latest, startedToday: row?.started_today ?? 0, perDay: DATA_EXPORTS_PER_DAY };
}

/**
 * Queues an export. One at a time (409) and DATA_EXPORTS_PER_DAY in 24 hours (429), decided under a
 * per-user advisory lock so concurrent requests count exactly; the partial unique index on open jobs
 * backs the first rule up.
 */
export async function startDataExport(deps: AppDeps, me: string): Promise<DataExportState> {
  await deps.database.db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('data-export:' || ${me}))`);
    const [counts] = await queryRows<{ open: number; today: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS open, count(*) FILTER (WHERE created_at > now() - interval '24 hours')::int AS today
            FROM data_exports WHERE user_id = ${me}`,
    );
    if (counts && counts.open > 0) throw errors.conflict('export_in_progress', DATA_EXPORT_TEXT.inProgress);
    if (counts && counts.today >= DATA_EXPORTS_PER_DAY) throw errors.tooMany(DATA_EXPORT_TEXT.tooMany);
    await db.execute(sql`INSERT INTO data_exports (user_id) VALUES (${me})`);
  });
  wakeExportWorker(deps);
  return dataExportState(deps.database.db, me);
}

/**
 * The ZIP behind a mailed token, for the account that asked only (anyone else: 404, as for a token
 * that never was), while the link lives.
 */
export async function downloadDataExport(deps: AppDeps, me: string, token: string): Promise<{ body: Buffer; finishedAt: Date }> {
  const [row] = await queryRows<{ file_key: string; finished_at: string }>(
    deps.database.db,
    sql`SELECT file_key, finished_at FROM data_exports
         WHERE token_hash = ${hashToken(token)} AND user_id = ${me} AND status = 'ready' AND expires_at > now() AND file_key IS NOT NULL`,
  );
  if (!row) throw errors.notFound(DATA_EXPORT_TEXT.linkInvalid);
  const body = await deps.storage.getPrivate(row.file_key);
  if (!body) throw errors.notFound(DATA_EXPORT_TEXT.linkInvalid);
  return { body, finishedAt: new Date(row.finished_at) };
}
