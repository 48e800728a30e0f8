import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { mentionedUsernames, MENTIONS_MAX } from '../../../shared/forums';
import type { NotificationType } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { follows, notifications, profiles, threadFollows, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { announce, notify } from '../notifications/notify';

const usernameOf = sql<string>`coalesce(${user.displayUsername}, ${user.username})`;

const FORUM_TYPES: NotificationType[] = ['forum_reply', 'forum_like', 'forum_mention', 'forum_thread'];
const BATCH = 200;
const PARALLEL = 8;

export type ForumActivity =
  | { kind: 'thread'; actor: AuthedUser; threadId: string; forumId: string; threadTitle: string; content: string }
  | { kind: 'reply'; actor: AuthedUser; threadId: string; forumId: string; threadTitle: string; threadAuthorId: string; parentAuthorId: string | null; content: string }
  | { kind: 'like'; actor: AuthedUser; threadId: string; forumId: string; threadTitle: string; recipientId: string; reply?: boolean };

/**
 * Forum notifications (ruling 25), all under the one 'Forum activity' preference (`notify_on_forum`):
 * `forum_thread` to the author's followers (only while the author's account is public: forum
 * activity of a private account reaches nobody, ruling 9), `forum_reply` to the thread's author and
 * followers (and the author of the reply answered), `forum_like` to the liked post's author,
 * `forum_mention` to each `@username`. Nobody hears of their own action; a recipient hears of one
 * post once (a mention beats a reply notice only when it is the same person: both are sent, as the
 * issue's done-when asks).
 */
export async function notifyForumActivity(deps: AppDeps, activity: ForumActivity): Promise<void> {
  const { actor } = activity;
  const link = `/forums/threads/${activity.threadId}`;
  const data = { threadId: activity.threadId, forumId: activity.forumId, username: actor.username };
  const send = (userId: string, type: NotificationType, title: string, message: string) =>
    tellOnce(deps, { userId, type, title, message, relatedUserId: actor.id, data, event: 'forum', link }, activity.threadId);

  if (activity.kind === 'like') {
    const what = activity.reply ? 'your reply in' : 'your thread';
    await send(activity.recipientId, 'forum_like', 'New like', `@${actor.username} liked ${what} "${activity.threadTitle}".`);
    return;
  }

  const mentioned = await mentionedUsers(deps.database.db, activity.content);
  for (const m of mentioned) await send(m.id, 'forum_mention', 'You were mentioned', `@${actor.username} mentioned you in "${activity.threadTitle}".`);

  if (activity.kind === 'reply') {
    const recipients = new Set<string>([activity.threadAuthorId]);
    if (activity.parentAuthorId) recipients.add(activity.parentAuthorId);
    let after = '';
    for (;;) {
      const page = await deps.database.db
        .select({ userId: threadFollows.userId })
        .from(threadFollows)
        .where(and(eq(threadFollows.threadId, activity.threadId), sql`${threadFollows.userId} > ${after}`))
        .orderBy(threadFollows.userId)
        .limit(BATCH);
      for (const f of page) recipients.add(f.userId);
      if (page.length < BATCH) break;
      after = page[page.length - 1]!.userId;
    }
    recipients.delete(actor.id);
    const list = [...recipients];
    for (let i = 0; i < list.length; i += PARALLEL) {
      await Promise.all(list.slice(i, i + PARALLEL).map((id) => send(id, 'forum_reply', 'New reply', `@${actor.username} replied in "${activity.threadTitle}".`)));
    }
    return;
  }

  // A new thread: the author's followers, while the author's forum activity is public.
  const [author] = await deps.database.db.select({ isPrivate: profiles.isPrivate }).from(profiles).where(eq(profiles.id, actor.id));
  if (!author || author.isPrivate) return;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = await followerPage(deps.database.db, actor.id, after, BATCH);
    for (let i = 0; i < page.length; i += PARALLEL) {
      await Promise.all(
        page.slice(i, i + PARALLEL).map((f) => send(f.followerId, 'forum_thread', 'New thread', `@${actor.username} started a thread: "${activity.threadTitle}".`)),
      );
    }
    if (page.length < BATCH) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * One notification, with at most one e-mail per thread per recipient while they have unread forum
 * notifications of it (ruling 25). A transaction-scoped advisory lock on (recipient, thread) makes the
 * check and the insert one step, so a burst of replies mails once.
 */
async function tellOnce(deps: AppDeps, input: Parameters<typeof notify>[1], threadId: string) {
  try {
    const result = await deps.database.db.transaction(async (tx: Database) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`forum:${input.userId}:${threadId}`}))`);
      const [unread] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, input.userId),
            eq(notifications.read, false),
            inArray(notifications.type, FORUM_TYPES),
            sql`${notifications.data}->>'threadId' = ${threadId}`,
          ),
        )
        .limit(1);
      return notify(deps, { ...input, suppressMail: !!unread }, tx);
    });
    announce(deps, input.userId, result);
  } catch (err) {
    deps.logger.error({ err, userId: input.userId, threadId }, 'forum notification failed');
  }
}

// ---------------------------------------------------------------------------------------------
// Mentions: who `@username` names, among verified, unbanned users.

async function mentionedUsers(db: Database, content: string): Promise<{ id: string; username: string }[]> {
  const names = mentionedUsernames(content).slice(0, MENTIONS_MAX);
  if (names.length === 0) return [];
  return db
    .select({ id: user.id, username: usernameOf })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(inArray(user.username, names), eq(user.emailVerified, true), eq(profiles.isBanned, false)));
}

/** The followers of a user, in pages by id: for `forum_thread`. */
async function followerPage(db: Database, userId: string, after: string, limit: number) {
  return db
    .select({ id: follows.id, followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followingId, userId), sql`${follows.id} > ${after}`))
    .orderBy(asc(follows.id))
    .limit(limit);
}
