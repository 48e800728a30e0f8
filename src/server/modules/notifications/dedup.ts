import { and, eq, ne, sql } from 'drizzle-orm';
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
 * days first, so a pair keeps at most one row.
 */
export async function claimOncePerDay(db: Database, claim: Omit<DedupClaim, 'key'>): Promise<boolean> {
  const pair = and(eq(notificationDedup.recipientId, claim.recipientId), eq(notificationDedup.subjectId, claim.subjectId), eq(notificationDedup.kind, claim.kind));
  await db.delete(notificationDedup).where(and(pair, ne(notificationDedup.key, utcDay)));
  const rows = await db
    .insert(notificationDedup)
    .values({ ...claim, key: utcDay })
    .onConflictDoNothing()
    .returning({ key: notificationDedup.key });
  return rows.length > 0;
}
