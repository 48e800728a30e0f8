import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { importJobs, type ImportItem } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { importTitles, listsImported } from '../lists/service';
import { matchPreview } from './preview-matcher';

/** Titles written per transaction: each commits with the job's cursor, and the progress bar moves after each. */
export const IMPORT_CHUNK = 25;
/** A running job whose heartbeat is older than this lost its instance (a crash, a restart): it is claimed again. */
export const IMPORT_STALE_MS = 15_000;
/** How often the runner looks for queued or abandoned jobs besides being kicked. */
const POLL_MS = 5_000;

type Deps = AppDeps;

/**
 * Runs confirmed imports in the background (decision 053). A job is claimed in one statement with
 * `FOR UPDATE SKIP LOCKED`, so with several instances exactly one takes it; each chunk locks the
 * job row again, reads the cursor, writes its titles (lists' `importTitles`), and moves the cursor
 * and the report counts in the same transaction. A job survives a restart: queued jobs, and running
 * ones whose heartbeat went stale, are claimed at start and on every poll, and go on from their
 * cursor. Progress goes to the user's tabs as `import-progress` after every chunk. The runner also
 * matches previews (preview-matcher.ts): the upload starts one at once (matchNow), and a preview left
 * matching by a stopped instance is claimed on a poll once its heartbeat is stale, like a job.
 */
export class ImportRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly matching = new Set<Promise<boolean>>();
  /** How long an upload waits for its matching before it answers `matching` (IMPORT_PREVIEW_WAIT_SECONDS, 5 s by default: the offline catalogue matches 5,000 rows in about 2 s; tests shorten it). */
  previewWaitMs: number;

  constructor(private readonly deps: Deps) {
    this.previewWaitMs = deps.config.importPreviewWaitMs;
  }

  /** Starts polling (the server does; tests kick by hand). */
  start() {
    this.timer ??= setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
    return this;
  }

  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.deps.logger.error({ err }, 'import runner failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  /**
   * Matches a preview's titles now, beside the upload that made it; resolves true once it is ready.
   * Rejects if matching failed (the upload answers with it); the preview is then taken up again once
   * its heartbeat is stale.
   */
  matchNow(id: string): Promise<boolean> {
    const run = matchPreview(this.deps, id, () => this.stopped);
    this.matching.add(run);
    run.then(
      () => this.matching.delete(run),
      (err: unknown) => {
        this.matching.delete(run);
        this.deps.logger.warn({ err, importId: id }, 'import preview matching failed; taken up again later');
      },
    );
    return run;
  }

  /** Resolves when nothing is running (the jobs' state is in the database, so stopping anywhere is safe). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    await Promise.allSettled([...this.matching]);
  }

  /** Until no job is left to claim. */
  async idle() {
    while (this.running) await this.running;
  }

  private async drain() {
    for (let stale = await this.claimStalePreview(); stale && !this.stopped; stale = await this.claimStalePreview()) {
      await this.matchNow(stale).catch(() => undefined);
    }
    for (;;) {
      if (this.stopped) return;
      const job = await this.claim();
      if (!job) return;
      await this.run(job.id, job.user_id);
    }
  }

  private async claim() {
    const [job] = await queryRows<{ id: string; user_id: string }>(
      this.deps.database.db,
      sql`UPDATE import_jobs SET status = 'running', heartbeat_at = now()
          WHERE id = (SELECT id FROM import_jobs
                      WHERE status = 'queued' OR (status = 'running' AND heartbeat_at < now() - make_interval(secs => ${IMPORT_STALE_MS / 1000}))
                      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id, user_id`,
    );
    return job ?? null;
  }

  /** A preview left matching by an instance that stopped (its heartbeat is stale), its heartbeat renewed for this one. */
  private async claimStalePreview() {
    const [row] = await queryRows<{ id: string }>(
      this.deps.database.db,
      sql`UPDATE import_jobs SET heartbeat_at = now()
          WHERE id = (SELECT id FROM import_jobs
                      WHERE status = 'matching' AND heartbeat_at < now() - make_interval(secs => ${IMPORT_STALE_MS / 1000})
                      ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
    );
    return row?.id ?? null;
  }

  private async run(id: string, userId: string) {
    const { db } = this.deps.database;
    const [row] = await db.select({ items: importJobs.items }).from(importJobs).where(eq(importJobs.id, id));
    const items: ImportItem[] = row?.items ?? [];
    try {
      for (;;) {
        if (this.stopped) return;
        const step = await db.transaction(async (tx) => {
          const [job] = await queryRows<{ cursor: number; status: string }>(tx, sql`SELECT cursor, status FROM import_jobs WHERE id = ${id} FOR UPDATE`);
          if (!job || job.status !== 'running') return null;
          const chunk = items.slice(job.cursor, job.cursor + IMPORT_CHUNK);
          const counts = await importTitles(this.deps, tx, userId, chunk);
          const cursor = job.cursor + chunk.length;
          const done = cursor >= items.length;
          await tx
            .update(importJobs)
            .set({
              cursor,
              heartbeatAt: new Date(),
              addedFavorites: sql`${importJobs.addedFavorites} + ${counts.addedFavorites}`,
              addedWatchlist: sql`${importJobs.addedWatchlist} + ${counts.addedWatchlist}`,
              alreadyThere: sql`${importJobs.alreadyThere} + ${counts.alreadyThere}`,
              skipped: sql`${importJobs.skipped} + ${counts.missing}`,
              ...(done ? { status: 'done' as const, finishedAt: new Date() } : {}),
            })
            .where(eq(importJobs.id, id));
          return { cursor, done, added: counts.added, watchlist: counts.addedWatchlist > 0 };
        });
        if (!step) return;
        if (step.added.length) await listsImported(this.deps, userId, step.added, false, false);
        this.deps.events.publish({ users: [userId] }, { type: 'import-progress', id, processed: step.cursor, total: items.length, status: step.done ? 'done' : 'running' });
        if (step.done) {
          const [final] = await db.select({ fav: importJobs.addedFavorites, watch: importJobs.addedWatchlist }).from(importJobs).where(eq(importJobs.id, id));
          await listsImported(this.deps, userId, [], (final?.watch ?? 0) > 0, (final?.fav ?? 0) > 0);
          return;
        }
      }
    } catch (err) {
      this.deps.logger.error({ err, importId: id }, 'import chunk failed; the job is taken up again later');
      // Left running with its heartbeat: claimed again once stale, from its cursor.
    }
  }
}
const runners = new WeakMap<object, ImportRunner>();

/** The one runner of an app's dependencies (made on first use: the confirm route kicks it even where the server did not start it). */
export function importRunner(deps: Deps): ImportRunner {
  let runner = runners.get(deps);
  if (!runner) runners.set(deps, (runner = new ImportRunner(deps)));
  return runner;
}

/** At server start: resumes what a previous run left, then polls. */
export function startImportRunner(deps: Deps): ImportRunner {
  return importRunner(deps).start();
}
