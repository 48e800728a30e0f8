import { and, eq, sql } from 'drizzle-orm';
import { FORUM_TEXT, type ForumThread } from '../../../shared/forums';
import type { Database } from '../../db/client';
import { forums, forumThreads, threadFollows, threadLikes } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { errors } from '../../http/errors';
import { isAdmin, loadAccess } from '../accounts/access';
import { feedChanged } from '../dashboard/feed-events';
import { later, threadChanged, threadsChanged } from './changes';
import { notifyForumActivity } from './notify';
import { getThread, threadRow } from './reads';
import { toggleCounted } from './toggle';

/** Starts a thread with its first post: premium only (ruling 24), enforced here whatever the web shows. */
export async function createThread(deps: AppDeps, me: AuthedUser, forumId: string, input: { title: string; content: string }): Promise<ForumThread> {
  const db = deps.database.db;
  const access = await loadAccess(db, me, deps.config.auth.ownerEmail);
  if (!access.isPremium) throw errors.forbidden(FORUM_TEXT.premiumOnly);
  const id = await db.transaction(async (tx) => {
    const [forum] = await tx
      .update(forums)
      .set({ threadCount: sql`${forums.threadCount} + 1` })
      .where(eq(forums.id, forumId))
      .returning({ id: forums.id });
    if (!forum) throw errors.notFound(FORUM_TEXT.forumNotFound);
    const [row] = await tx.insert(forumThreads).values({ forumId, authorId: me.id, title: input.title, content: input.content }).returning({ id: forumThreads.id });
    return row!.id;
  });
  threadsChanged(deps, forumId);
  feedChanged(deps, me.id, 'forums');
  later(deps, 'thread notifications', () => notifyForumActivity(deps, { kind: 'thread', actor: me, threadId: id, forumId, threadTitle: input.title, content: input.content }));
  return getThread(deps, id, me.id);
}

/** Edits title or first post: the author only (spec 001 §5). */
export async function updateThread(deps: AppDeps, me: AuthedUser, threadId: string, input: { title?: string; content?: string }): Promise<ForumThread> {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  if (thread.authorId !== me.id) throw errors.forbidden(FORUM_TEXT.onlyAuthor);
  await db
    .update(forumThreads)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(forumThreads.id, threadId));
  threadsChanged(deps, thread.forumId);
  threadChanged(deps, thread.forumId, threadId);
  if (input.title !== undefined) feedChanged(deps, me.id, 'forums');
  return getThread(deps, threadId, me.id);
}

/**
 * Deletes a thread (the author, or an admin: ruling 24); replies, likes, follows and reports go with it
 * (cascade). `alsoInTransaction` runs in the delete's transaction: the admin area's audit entry is
 * written with the delete or not at all.
 */
export async function deleteThread(deps: AppDeps, me: AuthedUser, threadId: string, alsoInTransaction?: (tx: Database) => Promise<void>): Promise<void> {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  if (thread.authorId !== me.id && !(await isAdmin(db, me.id))) throw errors.forbidden(FORUM_TEXT.onlyAuthor);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(forumThreads).where(eq(forumThreads.id, threadId)).returning({ forumId: forumThreads.forumId });
    if (rows.length === 0) return false;
    await tx
      .update(forums)
      .set({ threadCount: sql`${forums.threadCount} - 1` })
      .where(eq(forums.id, thread.forumId));
    await alsoInTransaction?.(tx);
    return true;
  });
  if (!deleted) throw errors.notFound(FORUM_TEXT.threadNotFound);
  threadsChanged(deps, thread.forumId);
  feedChanged(deps, thread.authorId, 'forums');
  threadChanged(deps, thread.forumId, threadId);
}

export async function pinThread(deps: AppDeps, admin: AuthedUser, threadId: string, pinned: boolean): Promise<ForumThread> {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  await db.update(forumThreads).set({ isPinned: pinned }).where(eq(forumThreads.id, threadId));
  threadsChanged(deps, thread.forumId);
  return getThread(deps, threadId, admin.id);
}

export async function setThreadLike(deps: AppDeps, me: AuthedUser, threadId: string, liked: boolean) {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  const mine = and(eq(threadLikes.threadId, threadId), eq(threadLikes.userId, me.id));
  const result = await toggleCounted(db, liked, {
    add: (tx) => tx.insert(threadLikes).values({ threadId, userId: me.id }).onConflictDoNothing().returning({ id: threadLikes.threadId }),
    remove: (tx) => tx.delete(threadLikes).where(mine).returning({ id: threadLikes.threadId }),
    bump: async (tx, delta) => {
      const [row] = await tx
        .update(forumThreads)
        .set({ likeCount: sql`${forumThreads.likeCount} + ${delta}` })
        .where(eq(forumThreads.id, threadId))
        .returning({ n: forumThreads.likeCount });
      return row?.n;
    },
    count: async (tx) => (await tx.select({ n: forumThreads.likeCount }).from(forumThreads).where(eq(forumThreads.id, threadId)))[0]?.n,
  });
  if (result.changed) {
    threadChanged(deps, thread.forumId, threadId);
    if (liked)
      later(deps, 'like notification', () =>
        notifyForumActivity(deps, { kind: 'like', actor: me, threadId, forumId: thread.forumId, threadTitle: thread.title, recipientId: thread.authorId }),
      );
  }
  return { liked, likeCount: result.count };
}

export async function setThreadFollow(deps: AppDeps, me: AuthedUser, threadId: string, following: boolean) {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  const mine = and(eq(threadFollows.threadId, threadId), eq(threadFollows.userId, me.id));
  const result = await toggleCounted(db, following, {
    add: (tx) => tx.insert(threadFollows).values({ threadId, userId: me.id }).onConflictDoNothing().returning({ id: threadFollows.threadId }),
    remove: (tx) => tx.delete(threadFollows).where(mine).returning({ id: threadFollows.threadId }),
    bump: async (tx, delta) => {
      const [row] = await tx
        .update(forumThreads)
        .set({ followCount: sql`${forumThreads.followCount} + ${delta}` })
        .where(eq(forumThreads.id, threadId))
        .returning({ n: forumThreads.followCount });
      return row?.n;
    },
    count: async (tx) => (await tx.select({ n: forumThreads.followCount }).from(forumThreads).where(eq(forumThreads.id, threadId)))[0]?.n,
  });
  if (result.changed) threadChanged(deps, thread.forumId, threadId);
  return { following, followCount: result.count };
}
