import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notificationDedup } from '../../db/schema';

export type DedupKind = (typeof notificationDedup.$inferInsert)['kind'];

export interface DedupClaim {
  kind: DedupKind;
  recipientId: string;
  subjectId: string;
  key: string;
}

/**
 * Claims the right to tell `recipientId` about this (kind, subject, key) once. True for exactly one
 * caller: the unique key and ON CONFLICT DO NOTHING decide, so concurrent requests and instances
 * cannot both win (no check-then-insert race). Pass the caller's transaction to undo the claim with it.
 */
export async function claimOnce(db: Database, claim: DedupClaim): Promise<boolean> {
  const rows = await db.insert(notificationDedup).values(claim).onConflictDoNothing().returning({ key: notificationDedup.key });
  return rows.length > 0;
}

/** Today's UTC day as the database sees it, so every instance agrees on the bucket. */
const utcDay = sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Claims the pair's `kind` notification for today (UTC), dropping the pair's claims of earlier
 * days first, so a pair keeps at most one row: two CTEs, `dropped` and `claimed` (a row when the
 * claim is won), for a caller's statement to include after its own (decision 073), taken only
 * where `when` holds.
 */
export function claimOncePerDaySql(claim: Omit<DedupClaim, 'key'>, when: SQL = sql`true`): SQL {
  const pair = and(eq(notificationDedup.recipientId, claim.recipientId), eq(notificationDedup.subjectId, claim.subjectId), eq(notificationDedup.kind, claim.kind));
  return sql`dropped AS (DELETE FROM ${notificationDedup} WHERE ${pair} AND ${ne(notificationDedup.key, utcDay)} AND ${when}),
    claimed AS (INSERT INTO ${notificationDedup} (kind, recipient_id, subject_id, key)
      SELECT ${claim.kind}::text, ${claim.recipientId}::text, ${claim.subjectId}::text, ${utcDay} WHERE ${when}
      ON CONFLICT DO NOTHING RETURNING key)`;
}
