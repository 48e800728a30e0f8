import { and, eq, sql } from 'drizzle-orm';
import type { SocialLinks } from '../../../shared/profiles';
import { FOLLOW_SELF, type FollowState, REPORT_RATE_LIMITED, REPORT_SELF, REPORTS_PER_HOUR } from '../../../shared/social';
import type { Database } from '../../db/client';
import { follows, notifications, profiles, reports, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { hitDbLimit } from '../../http/db-rate-limit';
import { errors } from '../../http/errors';
import { claimOncePerDay } from '../notifications/dedup';
import { announce, type NotifyResult, notify } from '../notifications/notify';
import { assertNotBlocked } from '../safety/service';

const HOUR_MS = 60 * 60 * 1000;
const usernameOf = sql<string>`coalesce(${user.displayUsername}, ${user.username})`;

/** A user others may follow, list or report: verified and not banned. */
async function activeUser(db: Database, id: string) {
  const [row] = await db
    .select({ id: user.id, username: usernameOf })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(user.id, id), eq(user.emailVerified, true), eq(profiles.isBanned, false)));
  return row ?? null;
}

/**
 * Locks both profile rows in id order before the counts change, so that two users following each
 * other at the same moment cannot deadlock, then moves the two counters by `delta`: one statement
 * (the ordered FOR UPDATE runs first, as the CTE the UPDATE joins), one round trip inside the
 * transaction that holds the locks.
 */
async function moveCounts(tx: Database, followerId: string, followingId: string, delta: 1 | -1) {
  await tx.execute(sql`WITH locked AS (SELECT id FROM profiles WHERE id IN (${followerId}, ${followingId}) ORDER BY id FOR UPDATE)
    UPDATE profiles p
    SET followers_count = p.followers_count + CASE WHEN p.id = ${followingId} THEN ${delta}::integer ELSE 0 END,
        following_count = p.following_count + CASE WHEN p.id = ${followerId} THEN ${delta}::integer ELSE 0 END
    FROM locked WHERE p.id = locked.id`);
}

async function countsOf(db: Database, id: string) {
  const [row] = await db.select({ followersCount: profiles.followersCount, followingCount: profiles.followingCount }).from(profiles).where(eq(profiles.id, id));
  return row ?? { followersCount: 0, followingCount: 0 };
}

/** Both users' pages refresh their header and counts (spec 000 §4, §7). */
function publishFollowChange(deps: AppDeps, a: string, b: string) {
  for (const userId of [a, b]) {
    deps.events.publish({ everyone: true }, { type: 'profile-updated', userId });
    deps.events.publish({ everyone: true }, { type: 'follower-stats-changed', userId });
  }
}

/**
 * Follows a user (the route counts the action: FOLLOWS_PER_HOUR follow and unfollow actions a user,
 * src/shared/api/social.ts). Idempotent: a second follow changes nothing. Counts move only with a real insert.
 * The followed user is told once per follower a day (UTC): the first follow of the day notifies as
 * their preference says; following again after an unfollow brings the notification back (it is
 * true again) already read, with no mail and no toast, so follow/unfollow cycles flood nobody.
 */
export async function follow(deps: AppDeps, followerId: string, followingId: string): Promise<FollowState> {
  if (followerId === followingId) throw errors.badRequest(FOLLOW_SELF);
  const db = deps.database.db;
  const target = await activeUser(db, followingId);
  if (!target) throw errors.notFound('Profile not found');
  await assertNotBlocked(db, followerId, followingId);
  const [me] = await db.select({ username: usernameOf }).from(user).where(eq(user.id, followerId));
  const outcome = await db.transaction(async (tx): Promise<{ inserted: boolean; notice: NotifyResult | null }> => {
    const rows = await tx.insert(follows).values({ followerId, followingId }).onConflictDoNothing().returning({ id: follows.id });
    if (rows.length === 0) return { inserted: false, notice: null };
    await moveCounts(tx, followerId, followingId, 1);
    // A block committed since the check above (it holds the same profile locks while it ends the
    // pair's follows) would leave this follow behind: checked again under the locks (ruling 28).
    await assertNotBlocked(tx, followerId, followingId);
    // Claimed in this transaction: the claim exists only if the follow does.
    const firstToday = await claimOncePerDay(tx, { kind: 'new_follower', recipientId: followingId, subjectId: followerId });
    const notice = await notify(
      deps,
      {
        userId: followingId,
        type: 'new_follower',
        title: 'New follower',
        message: `@${me?.username ?? 'someone'} started following you.`,
        relatedUserId: followerId,
        data: { userId: followerId },
        event: 'follow',
        link: `/profile/${followerId}`,
        silent: !firstToday,
      },
      tx,
    );
    return { inserted: true, notice };
  });
  if (outcome.inserted) {
    if (outcome.notice) announce(deps, followingId, outcome.notice);
    publishFollowChange(deps, followerId, followingId);
  }
  return { following: true, ...(await countsOf(db, followingId)) };
}

/** Ends a follow (unfollow, or the followed user removing a follower) and its notification. */
async function endFollow(deps: AppDeps, followerId: string, followingId: string): Promise<boolean> {
  const deleted = await deps.database.db.transaction(async (tx) => {
    const rows = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followingId, followingId)))
      .returning({ id: follows.id });
    if (rows.length === 0) return false;
    await moveCounts(tx, followerId, followingId, -1);
    await tx.delete(notifications).where(and(eq(notifications.type, 'new_follower'), eq(notifications.userId, followingId), eq(notifications.relatedUserId, followerId)));
    return true;
  });
  if (deleted) publishFollowChange(deps, followerId, followingId);
  return deleted;
}

export async function unfollow(deps: AppDeps, followerId: string, followingId: string): Promise<FollowState> {
  if (followerId === followingId) throw errors.badRequest(FOLLOW_SELF);
  const [exists] = await deps.database.db.select({ id: user.id }).from(user).where(eq(user.id, followingId));
  if (!exists) throw errors.notFound('Profile not found');
  await endFollow(deps, followerId, followingId);
  return { following: false, ...(await countsOf(deps.database.db, followingId)) };
}

/** The owner removes someone who follows them. */
export async function removeFollower(deps: AppDeps, ownerId: string, followerId: string): Promise<FollowState> {
  if (ownerId === followerId) throw errors.badRequest('You cannot remove yourself.');
  const removed = await endFollow(deps, followerId, ownerId);
  if (!removed) throw errors.notFound('This user does not follow you.');
  const counts = await countsOf(deps.database.db, ownerId);
  return { following: false, ...counts };
}

/** Replaces the six links (normalised by socialLinksBodySchema; a missing one is cleared). */
export async function updateSocialLinks(deps: AppDeps, userId: string, input: Partial<SocialLinks>): Promise<SocialLinks> {
  const links: SocialLinks = {
    instagramUrl: input.instagramUrl ?? null,
    facebookUrl: input.facebookUrl ?? null,
    youtubeUrl: input.youtubeUrl ?? null,
    tiktokUrl: input.tiktokUrl ?? null,
    twitterUrl: input.twitterUrl ?? null,
    linkedinUrl: input.linkedinUrl ?? null,
  };
  const [row] = await deps.database.db
    .update(profiles)
    .set({ ...links, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({
      instagramUrl: profiles.instagramUrl,
      facebookUrl: profiles.facebookUrl,
      youtubeUrl: profiles.youtubeUrl,
      tiktokUrl: profiles.tiktokUrl,
      twitterUrl: profiles.twitterUrl,
      linkedinUrl: profiles.linkedinUrl,
    });
  if (!row) throw errors.notFound('Profile not found');
  deps.events.publish({ everyone: true }, { type: 'profile-updated', userId });
  return row;
}

/** Stores an open report for the admins; at most REPORTS_PER_HOUR per reporter across instances. */
export async function reportUser(deps: AppDeps, reporterId: string, reportedId: string, reason: string) {
  if (reporterId === reportedId) throw errors.badRequest(REPORT_SELF);
  const db = deps.database.db;
  if (!(await activeUser(db, reportedId))) throw errors.notFound('Profile not found');
  if ((await hitDbLimit(db, `report:${reporterId}`, REPORTS_PER_HOUR, HOUR_MS)) > 0) throw errors.tooMany(REPORT_RATE_LIMITED);
  const [row] = await db.insert(reports).values({ reporterId, reportedId, reason }).returning({ id: reports.id });
  return { id: row!.id };
}
