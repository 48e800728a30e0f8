import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DataExportStatus, DATA_EXPORT_TTL_MS } from '../../../shared/data-export';
import { type Database, queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { renderMail } from '../../integrations/mail';
import { mailLinkBase } from '../mail-settings/service';
import { collectExport } from './collect';
import { buildZip } from './zip';

/**
 * The export job (decision 056). A request inserts a `queued` row; any instance's worker claims it
 * (`FOR UPDATE SKIP LOCKED`, so each job goes to one of them) with a lease, builds the ZIP, stores it
 * through the storage integration, and in one transaction marks the row `ready` with the link's
 * token hash and queues the mail (MailOutbox), so there is never a mail without a file or a ready
 * export without a mail. While a job runs its worker renews the lease (keepLease), so a large export
 * that takes longer than one lease is not claimed a second time; a process that dies mid-job stops
 * renewing it, the lease runs out and the next claim takes the job again (at most MAX_ATTEMPTS times). Expired files are deleted by the
 * sweep below, which the same worker runs.
 */
export const EXPORT_LEASE_MS = 2 * 60_000;
export const EXPORT_POLL_MS = 5_000;
export const EXPORT_SWEEP_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface Claimed {
  id: string;
  user_id: string;
  lease_token: string;
  attempts: number;
}

/** Claims the oldest due job (queued, or running with its lease run out), or null. */
export async function claimExport(db: Database): Promise<Claimed | null> {
  const [row] = await queryRows<Claimed>(
    db,
    sql`UPDATE data_exports SET status = 'running', attempts = attempts + 1, lease_token = gen_random_uuid(),
               locked_until = now() + ${`${EXPORT_LEASE_MS} milliseconds`}::interval
         WHERE id = (SELECT id FROM data_exports
                      WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
                      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, user_id, lease_token, attempts`,
  );
  return row ?? null;
}

/**
 * Renews a running job's lease every third of its length until stopped, so only a worker that stopped
 * (a crash, a restart) loses its job. A renewal that finds the lease gone (taken over) stops renewing;
 * the final UPDATE's lease check then discards this worker's file.
 */
export function keepLease(deps: Pick<AppDeps, 'database' | 'logger'>, job: Pick<Claimed, 'id' | 'lease_token'>, everyMs = EXPORT_LEASE_MS / 3): () => void {
  const timer = setInterval(() => {
    void queryRows<{ id: string }>(
      deps.database.db,
      sql`UPDATE data_exports SET locked_until = now() + ${`${EXPORT_LEASE_MS} milliseconds`}::interval
           WHERE id = ${job.id} AND lease_token = ${job.lease_token} AND status = 'running' RETURNING id`,
    ).then(
      (rows) => {
        if (rows.length === 0) clearInterval(timer);
      },
      (err: unknown) => deps.logger.warn({ err, exportId: job.id }, 'data export: lease renewal failed'),
    );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

function tell(deps: Pick<AppDeps, 'events' | 'logger'>, userId: string, id: string, status: 'running' | 'ready' | 'failed') {
  try {
    deps.events.publish({ users: [userId] }, { type: 'data-export', id, status });
  } catch (err) {
    deps.logger.warn({ err }, 'data export: event failed');
  }
}

/** The link in the mail: Settings, which offers the download to the signed-in owner (decision 056). */
export const downloadPageUrl = (deps: Pick<AppDeps, 'config'>, token: string) => new URL(`/settings?export=${token}#data-export`, mailLinkBase(deps.config)).toString();

const readyMail = (to: string, url: string, expiresAt: Date) =>
  renderMail({
    to,
    subject: 'Your Reelmates data is ready',
    heading: 'Your data is ready to download',
    paragraphs: [
      'You asked for a copy of your Reelmates data. It is ready: one ZIP file with your profile, settings, lists, follows, messages, notifications, forum posts and uploads.',
      `The link works until ${expiresAt.toUTCString()} and only while you are signed in to this account. If you did not ask for it, change your password in Settings.`,
    ],
    action: { label: 'Download my data', url },
  });

/** Runs one claimed job to its end: ready (and mailed), back in the queue, or failed. */
export async function runExport(deps: AppDeps, job: Claimed): Promise<DataExportStatus> {
  const { db } = deps.database;
  tell(deps, job.user_id, job.id, 'running');
  const stopLease = keepLease(deps, job);
  let fileKey: string | undefined;
  try {
    const content = await collectExport(deps, job.user_id);
    if (!content) {
      await db.execute(sql`UPDATE data_exports SET status = 'failed', last_error = 'account gone', finished_at = now() WHERE id = ${job.id}`);
      return 'failed';
    }
    const zip = buildZip(content);
    fileKey = `exports/${job.user_id}/${randomBytes(16).toString('hex')}.zip`;
    await deps.storage.putPrivate(fileKey, zip);
    const token = randomBytes(32).toString('base64url');
    const key = fileKey;
    const done = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ email: string; expires_at: string }>(
        tx as unknown as Database,
        sql`UPDATE data_exports e SET status = 'ready', token_hash = ${hashToken(token)}, file_key = ${key}, size_bytes = ${zip.length},
                   finished_at = now(), expires_at = now() + ${`${DATA_EXPORT_TTL_MS} milliseconds`}::interval, locked_until = NULL, last_error = NULL
              FROM "user" u
             WHERE e.id = ${job.id} AND e.lease_token = ${job.lease_token} AND e.status = 'running' AND u.id = e.user_id
         RETURNING u.email, e.expires_at`,
      );
      if (!row) return false;
      await deps.mail.enqueue(readyMail(row.email, downloadPageUrl(deps, token), new Date(row.expires_at)), tx as unknown as Database);
      return true;
    });
    if (!done) {
      // Another claim took the job over (our lease ran out): its file is the one that counts.
      await deps.storage.deletePrivate(key);
      return 'running';
    }
    tell(deps, job.user_id, job.id, 'ready');
    return 'ready';
  } catch (err) {
    deps.logger.warn({ err, exportId: job.id, attempt: job.attempts }, 'data export failed');
    if (fileKey) await deps.storage.deletePrivate(fileKey).catch(() => undefined);
    const final = job.attempts >= MAX_ATTEMPTS;
    await db.execute(
      sql`UPDATE data_exports SET status = ${final ? 'failed' : 'queued'}, locked_until = NULL, last_error = ${String((err as Error)?.message ?? err).slice(0, 500)},
                 finished_at = ${final ? sql`now()` : null}
           WHERE id = ${job.id} AND lease_token = ${job.lease_token}`,
    );
    if (final) tell(deps, job.user_id, job.id, 'failed');
    return final ? 'failed' : 'queued';
  } finally {
    stopLease();
  }
}

/** Claims and runs due jobs until none is left; returns how many ran. */
export async function drainExports(deps: AppDeps): Promise<number> {
  let ran = 0;
  for (let job = await claimExport(deps.database.db); job; job = await claimExport(deps.database.db)) {
    await runExport(deps, job);
    ran++;
  }
  return ran;
}

/** Deletes the files of ready exports whose link expired, and marks them expired. Returns how many. */
export async function sweepExpiredExports(deps: Pick<AppDeps, 'database' | 'storage'>): Promise<number> {
  let swept = 0;
  for (;;) {
    const due = await queryRows<{ id: string; file_key: string | null }>(
      deps.database.db,
      sql`SELECT id, file_key FROM data_exports WHERE status = 'ready' AND expires_at <= now() ORDER BY expires_at LIMIT 100`,
    );
    for (const row of due) {
      if (row.file_key) await deps.storage.deletePrivate(row.file_key);
      await deps.database.db.execute(sql`UPDATE data_exports SET status = 'expired', file_key = NULL, token_hash = NULL WHERE id = ${row.id} AND status = 'ready'`);
      swept++;
    }
    if (due.length < 100) return swept;
  }
}

/**
 * Deletes the files of a user's exports; called before the account goes (its rows go with it by
 * cascade, and the sweep would never find their files). A job finishing meanwhile finds its row gone
 * and deletes its own file.
 */
export async function deleteUserExports(deps: Pick<AppDeps, 'database' | 'storage'>, userId: string): Promise<number> {
  const rows = await queryRows<{ file_key: string }>(deps.database.db, sql`SELECT file_key FROM data_exports WHERE user_id = ${userId} AND file_key IS NOT NULL`);
  for (const row of rows) await deps.storage.deletePrivate(row.file_key);
  return rows.length;
}

const workers = new WeakMap<object, () => void>();

/** Asks this process's worker (if it runs one) to look for jobs now. */
export function wakeExportWorker(deps: Pick<AppDeps, 'database'>): void {
  workers.get(deps.database)?.();
}

/**
 * The worker: drains at start (a restart resumes queued jobs and takes over those of a dead process
 * once their lease is out), then every poll and at once when a request here starts one; sweeps
 * expired files at start and every EXPORT_SWEEP_MS. stop() waits for a job in progress.
 */
export function startDataExportWorker(deps: AppDeps, pollMs = EXPORT_POLL_MS, sweepMs = EXPORT_SWEEP_MS) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const drain = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drainExports(deps)
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.warn({ err }, 'data export worker failed'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void drain();
        }
      });
    return running;
  };
  const sweep = () => sweepExpiredExports(deps).catch((err: unknown) => deps.logger.warn({ err }, 'data export sweep failed'));
  workers.set(deps.database, () => void drain());
  void drain();
  void sweep();
  const poll = setInterval(() => void drain(), pollMs);
  const sweeper = setInterval(() => void sweep(), sweepMs);
  poll.unref();
  sweeper.unref();
  return {
    drain,
    stop: async () => {
      stopped = true;
      clearInterval(poll);
      clearInterval(sweeper);
      workers.delete(deps.database);
      await running;
    },
  };
}
