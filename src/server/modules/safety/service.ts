import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type BlockState, type MuteState, SAFETY_TEXT } from '../../../shared/safety';
import type { Database } from '../../db/client';
import { follows, notifications, profiles, user, userBlocks, userMutes } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';

/**
 * Block and mute (issue 20 parts 1 and 2, ruling 28; decision 026). The tables are read by the
 * modules that enforce them, in their own queries (the SQL fragments below), so a hot read gains an
 * index probe rather than a round trip. Nothing here tells the other user: no notification, no event.
 */

/** SQL: a block exists between the two users, in either direction (two probes of the primary key). */
export function blockedEitherWay(a: unknown, b: unknown) {
  return sql`exists(select 1 from ${userBlocks} where (${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b}) or (${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a}))`;
}

/** SQL: `muter` muted `muted`. */
export function mutedBy(muter: unknown, muted: unknown) {
  return sql`exists(select 1 from ${userMutes} where ${userMutes.muterId} = ${muter} and ${userMutes.mutedId} = ${muted})`;
}

/** SQL: the ids of everyone `me` blocked or was blocked by (for NOT IN filters of lists). */
export function blockedPeopleOf(me: unknown) {
  return sql`(select ${userBlocks.blockedId} from ${userBlocks} where ${userBlocks.blockerId} = ${me} union all select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.blockedId} = ${me})`;
}

/** Which of the two blocked the other: `aBlockedB`, `bBlockedA` (one statement). */
export async function blocksBetween(db: Database, a: string, b: string): Promise<{ aBlockedB: boolean; bBlockedA: boolean }> {
  const rows = await db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))));
  return { aBlockedB: rows.some((r) => r.blockerId === a), bBlockedA: rows.some((r) => r.blockerId === b) };
}

/** Refuses (403) any interaction between a blocked pair, whoever blocked whom (ruling 28). */
export async function assertNotBlocked(db: Database, a: string, b: string): Promise<void> {
  const { aBlockedB, bBlockedA } = await blocksBetween(db, a, b);
  if (aBlockedB || bBlockedA) throw errors.forbidden(SAFETY_TEXT.cannotInteract);
}

async function assertUser(db: Database, id: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, id));
  if (!row) throw errors.notFound(SAFETY_TEXT.userNotFound);
}

/**
 * Blocks `blockedId`: the row and the end of both follow directions in one transaction, with the
 * counters moved exactly as social/service.ts moves them (both profile rows locked in id order
 * first) and the follow notifications of the ended follows removed. Events go only to the blocker's
 * tabs: the blocked user is never told (their own count changes show on their next read).
 */
export async function block(deps: AppDeps, blockerId: string, blockedId: string): Promise<BlockState> {
  if (blockerId === blockedId) throw errors.badRequest(SAFETY_TEXT.blockSelf);
  const db = deps.database.db;
  await assertUser(db, blockedId);
  const ended = await db.transaction(async (tx) => {
    // Both profile rows, locked in id order: the lock order of a follow, so the two cannot deadlock.
    await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(inArray(profiles.id, [blockerId, blockedId]))
      .orderBy(profiles.id)
      .for('update');
    await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    const removed = await tx
      .delete(follows)
      .where(or(and(eq(follows.followerId, blockerId), eq(follows.followingId, blockedId)), and(eq(follows.followerId, blockedId), eq(follows.followingId, blockerId))))
      .returning({ followerId: follows.followerId, followingId: follows.followingId });
    for (const f of removed) {
      await tx
        .update(profiles)
        .set({ followersCount: sql`${profiles.followersCount} - 1` })
        .where(eq(profiles.id, f.followingId));
      await tx
        .update(profiles)
        .set({ followingCount: sql`${profiles.followingCount} - 1` })
        .where(eq(profiles.id, f.followerId));
      await tx.delete(notifications).where(and(eq(notifications.type, 'new_follower'), eq(notifications.userId, f.followingId), eq(notifications.relatedUserId, f.followerId)));
    }
    return removed.length;
  });
  if (ended > 0) {
    // Public counts changed: pages showing either profile refetch them. These events carry only a
    // user id each, as every follow change does, and name no block.
    for (const userId of [blockerId, blockedId]) {
      deps.events.publish({ everyone: true }, { type: 'profile-updated', userId });
      deps.events.publish({ everyone: true }, { type: 'follower-stats-changed', userId });
    }
  }
  return { blocked: true };
}

/** Ends a block; the follows it ended stay ended. */
export async function unblock(deps: AppDeps, blockerId: string, blockedId: string): Promise<BlockState> {
  await deps.database.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
  return { blocked: false };
}

export async function mute(deps: AppDeps, muterId: string, mutedId: string): Promise<MuteState> {
  if (muterId === mutedId) throw errors.badRequest(SAFETY_TEXT.muteSelf);
  const db = deps.database.db;
  await assertUser(db, mutedId);
  await db.insert(userMutes).values({ muterId, mutedId }).onConflictDoNothing();
  return { muted: true };
}

export async function unmute(deps: AppDeps, muterId: string, mutedId: string): Promise<MuteState> {
  await deps.database.db.delete(userMutes).where(and(eq(userMutes.muterId, muterId), eq(userMutes.mutedId, mutedId)));
  return { muted: false };
}
