import { and, eq, sql } from 'drizzle-orm';
import type { SocialLinks } from '../../../shared/profiles';
import { FOLLOW_SELF, type FollowState, REPORT_RATE_LIMITED, REPORT_SELF, REPORTS_PER_HOUR } from '../../../shared/social';
import { type Database, queryRows } from '../../db/client';
import { keptPlan } from '../../db/kept-plans';
import { follows, notifications, profiles, reports, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { hitDbLimit } from '../../http/db-rate-limit';
import { errors } from '../../http/errors';
import { claimOncePerDaySql } from '../notifications/dedup';
import { announce, type NotifyResult, notify } from '../notifications/notify';
import { blockedEitherWay } from '../safety/service';
import { SAFETY_TEXT } from '../../../shared/safety';

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
 * Who may follow whom, in one statement (was three): the followed user if verified and not banned,
 * whether a block stands either way, and the follower's name for the notification.
 */
async function followCheck(db: Database, followerId: string, followingId: string) {
  const [row] = await queryRows<{ target: boolean; blocked: boolean; username: string | null }>(
    db,
    keptPlan(sql`SELECT exists (SELECT 1 FROM ${user} JOIN ${profiles} ON ${profiles.id} = ${user.id}
          WHERE ${user.id} = ${followingId} AND ${user.emailVerified} AND NOT ${profiles.isBanned}) AS target,
        ${blockedEitherWay(followerId, followingId)} AS blocked,
        (SELECT ${usernameOf} FROM ${user} WHERE ${user.id} = ${followerId}) AS username`),
  );
  return row!;
}

/**
 * The follow row, both counters and today's notification claim in one statement (decision 073;
 * was five round trips): the counters move and the claim is taken only when the row is new. Both
 * profile rows are locked in id order (the CTE the UPDATE joins), so that two users following each
 * other at the same moment cannot deadlock. Answers the followed user's counts after the change.
 */
async function insertFollow(tx: Database, followerId: string, followingId: string) {
  const [row] = await queryRows<{ inserted: boolean; first_today: boolean; followers_count: number | null; following_count: number | null }>(
    tx,
    keptPlan(sql`WITH ins AS (INSERT INTO ${follows} (follower_id, following_id) VALUES (${followerId}, ${followingId}) ON CONFLICT DO NOTHING RETURNING id),
      locked AS (SELECT id FROM ${profiles} WHERE id IN (${followerId}, ${followingId}) AND exists (SELECT 1 FROM ins) ORDER BY id FOR UPDATE),
      moved AS (UPDATE ${profiles} p
        SET followers_count = p.followers_count + CASE WHEN p.id = ${followingId} THEN 1 ELSE 0 END,
            following_count = p.following_count + CASE WHEN p.id = ${followerId} THEN 1 ELSE 0 END
        FROM locked WHERE p.id = locked.id RETURNING p.id, p.followers_count, p.following_count),
      ${claimOncePerDaySql({ kind: 'new_follower', recipientId: followingId, subjectId: followerId }, sql`exists (SELECT 1 FROM ins)`)}
    SELECT exists (SELECT 1 FROM ins) AS inserted, exists (SELECT 1 FROM claimed) AS first_today,
      (SELECT followers_count FROM moved WHERE id = ${followingId}) AS followers_count,
      (SELECT following_count FROM moved WHERE id = ${followingId}) AS following_count`),
  );
  return row!;
}

/**
 * Follows a user (the route counts the action: FOLLOWS_PER_HOUR follow and unfollow actions a user,
 * src/shared/api/social.ts). Idempotent: a second follow changes nothing. Counts move only with a real insert.
 * The followed user is told once per follower a day (UTC): the first follow of the day notifies as
 * their preference says; following again after an unfollow brings the notification back (it is
 * true again) already read, with no mail and no toast, so follow/unfollow cycles flood nobody.
 * The transaction is two statements (the profile locks are held for the second).
 */
export async function follow(deps: AppDeps, followerId: string, followingId: string): Promise<FollowState> {
  if (followerId === followingId) throw errors.badRequest(FOLLOW_SELF);
  const db = deps.database.db;
  const check = await followCheck(db, followerId, followingId);
  if (!check.target) throw errors.notFound('Profile not found');
  if (check.blocked) throw errors.forbidden(SAFETY_TEXT.cannotInteract);
  const outcome = await db.transaction(async (tx): Promise<{ inserted: boolean; notice: NotifyResult | null; counts?: Omit<FollowState, 'following'> }> => {
    const row = await insertFollow(tx, followerId, followingId);
    if (!row.inserted) return { inserted: false, notice: null };
    // A block committed since the check above (it holds the same profile locks while it ends the
    // pair's follows) would leave this follow behind: checked again under the locks (ruling 28) by
    // the notification's statement, whose snapshot is taken once the locks are held; a block there
    // records no notification (it is quiet) and the throw below rolls the follow back.
    const notice = await notify(
      deps,
      {
        userId: followingId,
        type: 'new_follower',
        title: 'New follower',
        message: `@${check.username ?? 'someone'} started following you.`,
        relatedUserId: followerId,
        data: { userId: followerId },
        event: 'follow',
        link: `/profile/${followerId}`,
        silent: !row.first_today,
      },
      tx,
    );
    if (notice.blocked) throw errors.forbidden(SAFETY_TEXT.cannotInteract);
    return { inserted: true, notice, counts: { followersCount: row.followers_count ?? 0, followingCount: row.following_count ?? 0 } };
  });
  if (outcome.inserted) {
    if (outcome.notice) announce(deps, followingId, outcome.notice);
    publishFollowChange(deps, followerId, followingId);
  }
  return { following: true, ...(outcome.counts ?? (await countsOf(db, followingId))) };
}

/**
 * Ends a follow (unfollow, or the followed user removing a follower), its notification and both
 * counters in one statement (decision 073; was a transaction of five round trips and two reads):
 * the profile rows are locked in id order as insertFollow locks them. Answers whether the followed
 * user exists, whether a follow ended, and the followed user's counts after it.
 */
async function endFollow(deps: AppDeps, followerId: string, followingId: string) {
  const [row] = await queryRows<{ exists: boolean; deleted: boolean; followers_count: number; following_count: number }>(
    deps.database.db,
    keptPlan(sql`WITH del AS (DELETE FROM ${follows} WHERE follower_id = ${followerId} AND following_id = ${followingId} RETURNING id),
      locked AS (SELECT id FROM ${profiles} WHERE id IN (${followerId}, ${followingId}) AND exists (SELECT 1 FROM del) ORDER BY id FOR UPDATE),
      moved AS (UPDATE ${profiles} p
        SET followers_count = p.followers_count - CASE WHEN p.id = ${followingId} THEN 1 ELSE 0 END,
            following_count = p.following_count - CASE WHEN p.id = ${followerId} THEN 1 ELSE 0 END
        FROM locked WHERE p.id = locked.id RETURNING p.id, p.followers_count, p.following_count),
      told AS (DELETE FROM ${notifications} WHERE type = 'new_follower' AND user_id = ${followingId} AND related_user_id = ${followerId} AND exists (SELECT 1 FROM del))
    SELECT exists (SELECT 1 FROM ${user} WHERE id = ${followingId}) AS exists, exists (SELECT 1 FROM del) AS deleted,
      coalesce((SELECT followers_count FROM moved WHERE id = ${followingId}), (SELECT followers_count FROM ${profiles} WHERE id = ${followingId}), 0) AS followers_count,
      coalesce((SELECT following_count FROM moved WHERE id = ${followingId}), (SELECT following_count FROM ${profiles} WHERE id = ${followingId}), 0) AS following_count`),
  );
  if (row!.deleted) publishFollowChange(deps, followerId, followingId);
  return { exists: row!.exists, deleted: row!.deleted, counts: { followersCount: row!.followers_count, followingCount: row!.following_count } };
}

export async function unfollow(deps: AppDeps, followerId: string, followingId: string): Promise<FollowState> {
  if (followerId === followingId) throw errors.badRequest(FOLLOW_SELF);
  const ended = await endFollow(deps, followerId, followingId);
  if (!ended.exists) throw errors.notFound('Profile not found');
  return { following: false, ...ended.counts };
}

/** The owner removes someone who follows them. */
export async function removeFollower(deps: AppDeps, ownerId: string, followerId: string): Promise<FollowState> {
  if (ownerId === followerId) throw errors.badRequest('You cannot remove yourself.');
  const ended = await endFollow(deps, followerId, ownerId);
  if (!ended.deleted) throw errors.notFound('This user does not follow you.');
  return { following: false, ...ended.counts };
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
