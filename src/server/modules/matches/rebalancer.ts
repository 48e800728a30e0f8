import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { MATCH_HEAVY_SLOTS } from '../../db/schema/matches';
import type { AppDeps } from '../../deps';
import { rebalanceMatchTitles } from './ranking';

/** How often the heavy titles are checked against the current popularity (decision 014). */
export const MATCH_REBALANCE_INTERVAL_MS = 60 * 60 * 1000;
/** A title needs this many fans to get a bit: below it, joining its fans costs less than a bit. */
export const MATCH_HEAVY_MIN_FANS = 50;

/**
 * Whether popularity moved enough that the search would join many fans by hand: more than a tenth
 * of today's most popular titles (with enough fans) have no bit. Cheap: one read of title_fans.
 */
export async function rebalanceNeeded(db: Database): Promise<boolean> {
  const [row] = await queryRows<{ missing: number; top: number }>(
    db,
    sql`WITH top AS (SELECT media_type, media_id FROM title_fans WHERE fans >= ${MATCH_HEAVY_MIN_FANS} ORDER BY fans DESC LIMIT ${MATCH_HEAVY_SLOTS})
        SELECT count(*)::integer AS top, count(*) FILTER (WHERE h.slot IS NULL)::integer AS missing
        FROM top LEFT JOIN match_heavy_titles h USING (media_type, media_id)`,
  );
  return !!row && row.missing > Math.max(0, Math.floor(row.top / 10));
}

/**
 * Folds the write counter's rows (ADR 087) into row 0, the sum unchanged in one commit, so that the
 * rows of backends long gone do not pile up in the sum every matches page reads. Rows that a write
 * holds at this moment are skipped (never waited for) and folded next time.
 */
export async function foldMatchEpoch(db: Database): Promise<number> {
  const [row] = await queryRows<{ folded: number }>(
    db,
    sql`WITH gone AS (DELETE FROM match_epoch WHERE backend IN (SELECT backend FROM match_epoch WHERE backend <> 0 FOR UPDATE SKIP LOCKED) RETURNING v),
        kept AS (INSERT INTO match_epoch AS e (backend, v) SELECT 0, sum(v) FROM gone HAVING count(*) > 0
          ON CONFLICT (backend) DO UPDATE SET v = e.v + EXCLUDED.v RETURNING 1)
        SELECT count(*)::integer AS folded FROM gone`,
  );
  return row?.folded ?? 0;
}

/** Tombstones of deleted match_sigs rows are kept this long (decision 091). */
export const MATCH_SIGS_GONE_KEPT_MS = 60 * 60 * 1000;

/**
 * Deletes the tombstones older than `keptMs` and, if any, moves the horizon in the same commit: a
 * server's copy of match_sigs whose snapshot has not seen that commit may have missed one of those
 * deletions, so it reads every row again (decision 091). Deleted accounts' ids are not kept longer.
 */
export async function pruneMatchSigsGone(db: Database, keptMs = MATCH_SIGS_GONE_KEPT_MS): Promise<number> {
  const [row] = await queryRows<{ pruned: number }>(
    db,
    sql`WITH d AS (DELETE FROM match_sigs_gone WHERE at < now() - make_interval(secs => ${keptMs / 1000}::double precision) RETURNING 1),
        h AS (UPDATE match_sigs_horizon SET xid = pg_current_xact_id() WHERE id = 1 AND EXISTS (SELECT 1 FROM d) RETURNING 1)
        SELECT (SELECT count(*)::integer FROM d) AS pruned`,
  );
  return row?.pruned ?? 0;
}

/**
 * Checks now and then every interval; rebalances (under a SHARE lock on favorites, a few seconds at
 * 100,000 users) only when needed. Which titles are heavy changes speed only, never the ranking.
 */
export function startMatchRebalancer(deps: Pick<AppDeps, 'database' | 'logger'>, intervalMs = MATCH_REBALANCE_INTERVAL_MS) {
  let running: Promise<void> | undefined;
  const check = () =>
    (running ??= (async () => {
      const { db } = deps.database;
      await foldMatchEpoch(db);
      await pruneMatchSigsGone(db);
      if (!(await rebalanceNeeded(db))) return;
      const started = Date.now();
      const titles = await rebalanceMatchTitles(db, MATCH_HEAVY_SLOTS, MATCH_HEAVY_MIN_FANS);
      deps.logger.info({ titles, ms: Date.now() - started }, 'match search: heavy titles rebalanced');
    })()
      .catch((err: unknown) => deps.logger.warn({ err }, 'match rebalance failed'))
      .finally(() => {
        running = undefined;
      }));
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    check,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
