import { sql } from 'drizzle-orm';
import { asyncCommit } from '../db/async-commit';
import { type Database, queryRows } from '../db/client';
import { keptPlan } from '../db/kept-plans';

/**
 * Counts one hit for `key` in a fixed window kept in the database, so the limit holds across
 * server instances. Returns the seconds to wait when over `max`, else 0. One atomic statement.
 *
 * Its commit does not wait for the WAL to reach the disk (synchronous_commit off for this statement's
 * transaction only, as the event bus's): every limited request makes one, and waiting for its flush
 * (~2.4 ms here, pg_test_fsync) held a pool connection per request. A crash can lose the last few
 * hundred milliseconds of counts, which lets a member a few more actions: never a wrong answer.
 */
export async function hitDbLimit(db: Database, key: string, max: number, windowMs: number): Promise<number> {
  const seconds = windowMs / 1000;
  const [row] = await queryRows<{ count: number; window_start: string | Date }>(
    db,
    keptPlan(sql`INSERT INTO rate_counters (key, count, window_start)
        SELECT ${key}, 1, now() FROM ${asyncCommit} AS async_commit
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_counters.window_start < now() - make_interval(secs => ${seconds}) THEN 1 ELSE rate_counters.count + 1 END,
          window_start = CASE WHEN rate_counters.window_start < now() - make_interval(secs => ${seconds}) THEN now() ELSE rate_counters.window_start END
        RETURNING count, window_start`),
  );
  if (!row || row.count <= max) return 0;
  const resetAt = new Date(row.window_start).getTime() + windowMs;
  return Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
}
