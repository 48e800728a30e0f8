import { and, eq, sql } from 'drizzle-orm';
import { FORUM_TEXT, type ForumReply } from '../../../shared/forums';
import type { Database } from '../../db/client';
import { forumReplies, forumThreads, replyLikes } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { errors } from '../../http/errors';
import { isAdmin } from '../accounts/access';
import { assertNotBlocked } from '../safety/service';
import { later, threadChanged } from './changes';
import { notifyForumActivity } from './notify';
import { getReply, replyRow, threadRow } from './reads';
import { toggleCounted } from './toggle';

/**
 * Replies to a thread, or to one of its replies: a reply to a reply to a reply hangs under the top
 * one, so threads nest one level (issue 15). The reply count moves in the same transaction.
 */
export async function createReply(deps: AppDeps, me: AuthedUser, threadId: string, input: { content: string; parentReplyId?: string | null }): Promise<ForumReply> {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  let parentReplyId: string | null = null;
  let parentAuthorId: string | null = null;
  if (input.parentReplyId) {
    const [parent] = await db
      .select({ id: forumReplies.id, parentReplyId: forumReplies.parentReplyId, authorId: forumReplies.authorId })
      .from(forumReplies)
      .where(and(eq(forumReplies.id, input.parentReplyId), eq(forumReplies.threadId, threadId)));
    if (!parent) throw errors.notFound(FORUM_TEXT.replyNotFound);
    parentReplyId = parent.parentReplyId ?? parent.id;
    parentAuthorId = parent.authorId;
  }
  // Ruling 28: no reply to the thread or the reply of someone in a blocked pair with me.
  for (const other of new Set([thread.authorId, parentAuthorId])) if (other && other !== me.id) await assertNotBlocked(db, me.id, other);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(forumReplies).values({ threadId, authorId: me.id, parentReplyId, content: input.content }).returning({ id: forumReplies.id });
    await tx
      .update(forumThreads)
      .set({ replyCount: sql`${forumThreads.replyCount} + 1` })
      .where(eq(forumThreads.id, threadId));
    return row!.id;
  });
  threadChanged(deps, thread.forumId, threadId);
  later(deps, 'reply notifications', () =>
    notifyForumActivity(deps, {
      kind: 'reply',
      actor: me,
      threadId,
      forumId: thread.forumId,
      threadTitle: thread.title,
      threadAuthorId: thread.authorId,
      parentAuthorId,
      content: input.content,
    }),
  );
  return getReply(deps, id, me.id);
}

export async function updateReply(deps: AppDeps, me: AuthedUser, replyId: string, content: string): Promise<ForumReply> {
  const db = deps.database.db;
  const reply = await replyRow(db, replyId);
  if (reply.authorId !== me.id) throw errors.forbidden(FORUM_TEXT.onlyAuthor);
  await db.update(forumReplies).set({ content, updatedAt: new Date() }).where(eq(forumReplies.id, replyId));
  threadChanged(deps, reply.forumId, reply.threadId);
  return getReply(deps, replyId, me.id);
}

/**
 * Deletes a reply and the replies to it (the author, or an admin); the count drops by as many.
 * `alsoInTransaction` runs in the delete's transaction (the admin area's audit entry).
 */
export async function deleteReply(deps: AppDeps, me: AuthedUser, replyId: string, alsoInTransaction?: (tx: Database) => Promise<void>): Promise<void> {
  const db = deps.database.db;
  const reply = await replyRow(db, replyId);
  if (reply.authorId !== me.id && !(await isAdmin(db, me.id))) throw errors.forbidden(FORUM_TEXT.onlyAuthor);
  await db.transaction(async (tx) => {
    const children = await tx.delete(forumReplies).where(eq(forumReplies.parentReplyId, replyId)).returning({ id: forumReplies.id });
    const self = await tx.delete(forumReplies).where(eq(forumReplies.id, replyId)).returning({ id: forumReplies.id });
    const n = children.length + self.length;
    if (n > 0) {
      await tx
        .update(forumThreads)
        .set({ replyCount: sql`greatest(${forumThreads.replyCount} - ${n}, 0)` })
        .where(eq(forumThreads.id, reply.threadId));
    }
    await alsoInTransaction?.(tx);
  });
  threadChanged(deps, reply.forumId, reply.threadId);
}

export async function setReplyLike(deps: AppDeps, me: AuthedUser, replyId: string, liked: boolean) {
  const db = deps.database.db;
  const reply = await replyRow(db, replyId);
  const mine = and(eq(replyLikes.replyId, replyId), eq(replyLikes.userId, me.id));
  const result = await toggleCounted(db, liked, {
    add: (tx) => tx.insert(replyLikes).values({ replyId, userId: me.id }).onConflictDoNothing().returning({ id: replyLikes.replyId }),
    remove: (tx) => tx.delete(replyLikes).where(mine).returning({ id: replyLikes.replyId }),
    bump: async (tx, delta) => {
      const [row] = await tx
        .update(forumReplies)
        .set({ likeCount: sql`${forumReplies.likeCount} + ${delta}` })
        .where(eq(forumReplies.id, replyId))
        .returning({ n: forumReplies.likeCount });
      return row?.n;
    },
    count: async (tx) => (await tx.select({ n: forumReplies.likeCount }).from(forumReplies).where(eq(forumReplies.id, replyId)))[0]?.n,
  });
  if (result.changed) {
    threadChanged(deps, reply.forumId, reply.threadId);
    if (liked)
      later(deps, 'like notification', () =>
        notifyForumActivity(deps, {
          kind: 'like',
          actor: me,
          threadId: reply.threadId,
          forumId: reply.forumId,
          threadTitle: reply.threadTitle,
          recipientId: reply.authorId,
          reply: true,
        }),
      );
  }
  return { liked, likeCount: result.count };
}
