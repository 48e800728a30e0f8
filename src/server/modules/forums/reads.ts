import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { SAFETY_TEXT } from '../../../shared/safety';
import { FORUM_TEXT, type ForumReply, type ForumThread, REPLY_PAGE_SIZE, THREAD_PAGE_SIZE } from '../../../shared/forums';
import type { Database } from '../../db/client';
import { forumReplies, forums, forumThreads, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { blockedEitherWay, mutedBy } from '../safety/service';

const usernameOf = sql<string>`coalesce(${user.displayUsername}, ${user.username})`;

const threadColumns = {
  id: forumThreads.id,
  forumId: forumThreads.forumId,
  authorId: forumThreads.authorId,
  title: forumThreads.title,
  content: forumThreads.content,
  isPinned: forumThreads.isPinned,
  replyCount: forumThreads.replyCount,
  likeCount: forumThreads.likeCount,
  followCount: forumThreads.followCount,
  createdAt: forumThreads.createdAt,
  updatedAt: forumThreads.updatedAt,
  username: usernameOf,
  avatarUrl: profiles.avatarUrl,
  foundingMember: profiles.foundingMember,
};

const replyColumns = {
  id: forumReplies.id,
  threadId: forumReplies.threadId,
  authorId: forumReplies.authorId,
  parentReplyId: forumReplies.parentReplyId,
  content: forumReplies.content,
  likeCount: forumReplies.likeCount,
  createdAt: forumReplies.createdAt,
  updatedAt: forumReplies.updatedAt,
  username: usernameOf,
  avatarUrl: profiles.avatarUrl,
  foundingMember: profiles.foundingMember,
};

/** The author as the viewer may see them: hidden between a blocked pair (ruling 28). */
const author = (r: { authorId: string; username: string; avatarUrl: string | null; foundingMember: boolean | null; authorHidden: boolean }) =>
  r.authorHidden
    ? { id: '', username: SAFETY_TEXT.hiddenUser, avatarUrl: null, foundingMember: false, hidden: true }
    : { id: r.authorId, username: r.username, avatarUrl: r.avatarUrl, foundingMember: !!r.foundingMember, hidden: false };

/** Whether the viewer and the author are a blocked pair, and whether the viewer muted the author: two key probes each. */
const viewerFlags = (authorId: typeof forumThreads.authorId | typeof forumReplies.authorId, viewerId: string) => ({
  authorHidden: sql<boolean>`${blockedEitherWay(authorId, viewerId)}`,
  mutedAuthor: sql<boolean>`${mutedBy(viewerId, authorId)}`,
});

/**
 * Threads with their authors and the viewer's like and follow, in one statement (the viewer's state
 * by EXISTS on the (thread, user) keys), so a page is one round trip.
 */
function selectThreads(db: Database, viewerId: string) {
  return db
    .select({
      ...threadColumns,
      likedByMe: sql<boolean>`exists(select 1 from thread_likes l where l.thread_id = ${forumThreads.id} and l.user_id = ${viewerId})`,
      followedByMe: sql<boolean>`exists(select 1 from thread_follows f where f.thread_id = ${forumThreads.id} and f.user_id = ${viewerId})`,
      ...viewerFlags(forumThreads.authorId, viewerId),
    })
    .from(forumThreads)
    .innerJoin(user, eq(user.id, forumThreads.authorId))
    .leftJoin(profiles, eq(profiles.id, forumThreads.authorId));
}

function selectReplies(db: Database, viewerId: string) {
  return db
    .select({
      ...replyColumns,
      likedByMe: sql<boolean>`exists(select 1 from reply_likes l where l.reply_id = ${forumReplies.id} and l.user_id = ${viewerId})`,
      ...viewerFlags(forumReplies.authorId, viewerId),
    })
    .from(forumReplies)
    .innerJoin(user, eq(user.id, forumReplies.authorId))
    .leftJoin(profiles, eq(profiles.id, forumReplies.authorId));
}

type ThreadRow = Awaited<ReturnType<typeof selectThreads>>[number];
type ReplyRow = Awaited<ReturnType<typeof selectReplies>>[number];

function threadView(r: ThreadRow, viewerId: string): ForumThread {
  return {
    id: r.id,
    forumId: r.forumId,
    title: r.title,
    content: r.content,
    isPinned: r.isPinned,
    replyCount: r.replyCount,
    likeCount: r.likeCount,
    followCount: r.followCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    author: author(r),
    likedByMe: !!r.likedByMe,
    followedByMe: !!r.followedByMe,
    isMine: r.authorId === viewerId,
    mutedAuthor: !!r.mutedAuthor,
  };
}

function replyView(r: ReplyRow, viewerId: string): ForumReply {
  return {
    id: r.id,
    threadId: r.threadId,
    parentReplyId: r.parentReplyId,
    content: r.content,
    likeCount: r.likeCount,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    author: author(r),
    likedByMe: !!r.likedByMe,
    isMine: r.authorId === viewerId,
    mutedAuthor: !!r.mutedAuthor,
  };
}

export async function getThread(deps: AppDeps, threadId: string, viewerId: string): Promise<ForumThread> {
  const db = deps.database.db;
  const [row] = await selectThreads(db, viewerId).where(eq(forumThreads.id, threadId));
  if (!row) throw errors.notFound(FORUM_TEXT.threadNotFound);
  return threadView(row, viewerId);
}

/**
 * A page of a forum's threads: pinned first, then newest (spec 001 §2). Keyset pagination on
 * (is_pinned, created_at, id) through the forum's index: `after` is the last id of the previous page,
 * so no OFFSET scan and no count(*) per read.
 */
export async function listThreads(deps: AppDeps, forumId: string, viewerId: string, after?: string, limit = THREAD_PAGE_SIZE) {
  const db = deps.database.db;
  const where = after
    ? and(
        eq(forumThreads.forumId, forumId),
        sql`(${forumThreads.isPinned}, ${forumThreads.createdAt}, ${forumThreads.id}) < (SELECT t.is_pinned, t.created_at, t.id FROM forum_threads t WHERE t.id = ${after} AND t.forum_id = ${forumId})`,
      )
    : eq(forumThreads.forumId, forumId);
  const rows = await selectThreads(db, viewerId)
    .where(where)
    .orderBy(desc(forumThreads.isPinned), desc(forumThreads.createdAt), desc(forumThreads.id))
    .limit(limit + 1);
  if (rows.length === 0 && !after) {
    const [forum] = await db.select({ id: forums.id }).from(forums).where(eq(forums.id, forumId));
    if (!forum) throw errors.notFound(FORUM_TEXT.forumNotFound);
  }
  const page = rows.slice(0, limit);
  return { items: page.map((r) => threadView(r, viewerId)), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** A page of a thread's replies, oldest first (keyset on created_at, id). */
export async function listReplies(deps: AppDeps, threadId: string, viewerId: string, after?: string, limit = REPLY_PAGE_SIZE) {
  const db = deps.database.db;
  const where = after
    ? and(
        eq(forumReplies.threadId, threadId),
        sql`(${forumReplies.createdAt}, ${forumReplies.id}) > (SELECT r.created_at, r.id FROM forum_replies r WHERE r.id = ${after} AND r.thread_id = ${threadId})`,
      )
    : eq(forumReplies.threadId, threadId);
  const rows = await selectReplies(db, viewerId)
    .where(where)
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id))
    .limit(limit + 1);
  if (rows.length === 0 && !after) {
    const [thread] = await db.select({ id: forumThreads.id }).from(forumThreads).where(eq(forumThreads.id, threadId));
    if (!thread) throw errors.notFound(FORUM_TEXT.threadNotFound);
  }
  const page = rows.slice(0, limit);
  return { items: page.map((r) => replyView(r, viewerId)), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

// ---------------------------------------------------------------------------------------------
// Writing

/** The thread's keys for a write, or 404. */
export async function threadRow(db: Database, threadId: string) {
  const [row] = await db
    .select({ id: forumThreads.id, forumId: forumThreads.forumId, authorId: forumThreads.authorId, title: forumThreads.title })
    .from(forumThreads)
    .where(eq(forumThreads.id, threadId));
  if (!row) throw errors.notFound(FORUM_TEXT.threadNotFound);
  return row;
}

/** The reply's keys and its thread's, for a write, or 404. */
export async function replyRow(db: Database, replyId: string) {
  const [row] = await db
    .select({ id: forumReplies.id, threadId: forumReplies.threadId, authorId: forumReplies.authorId, forumId: forumThreads.forumId, threadTitle: forumThreads.title })
    .from(forumReplies)
    .innerJoin(forumThreads, eq(forumThreads.id, forumReplies.threadId))
    .where(eq(forumReplies.id, replyId));
  if (!row) throw errors.notFound(FORUM_TEXT.replyNotFound);
  return row;
}

export async function getReply(deps: AppDeps, replyId: string, viewerId: string): Promise<ForumReply> {
  const db = deps.database.db;
  const [row] = await selectReplies(db, viewerId).where(eq(forumReplies.id, replyId));
  if (!row) throw errors.notFound(FORUM_TEXT.replyNotFound);
  return replyView(row, viewerId);
}
