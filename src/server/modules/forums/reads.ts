import { eq, sql } from 'drizzle-orm';
import { SAFETY_TEXT } from '../../../shared/safety';
import { FORUM_TEXT, type ForumReply, type ForumThread, REPLY_PAGE_SIZE, THREAD_PAGE_SIZE } from '../../../shared/forums';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import { forumReplies, forumThreads } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { replyPage, replySelect, type ReplyRow, threadPage, threadSelect, type ThreadRow } from './page-queries';

/** The author as the viewer may see them: hidden between a blocked pair (ruling 28). */
const author = (r: { authorId: string; username: string; avatarUrl: string | null; foundingMember: boolean | null; authorHidden: boolean }) =>
  r.authorHidden
    ? { id: '', username: SAFETY_TEXT.hiddenUser, avatarUrl: null, foundingMember: false, hidden: true }
    : { id: r.authorId, username: r.username, avatarUrl: r.avatarUrl, foundingMember: !!r.foundingMember, hidden: false };

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
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
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
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    author: author(r),
    likedByMe: !!r.likedByMe,
    isMine: r.authorId === viewerId,
    mutedAuthor: !!r.mutedAuthor,
  };
}

/** One thread for many (thread, viewer) keys in one prepared statement, its row as JSON. */
function selectThreads(db: Database) {
  return db
    .select({ key: sql<string>`k.key`, row: sql<ThreadRow>`row_to_json(x)` })
    .from(
      sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('threads')}::uuid[], ${sql.placeholder('viewers')}::text[]) AS k(key, thread, viewer)
          CROSS JOIN LATERAL (${threadSelect(sql`k.viewer`)} WHERE t.id = k.thread) x`,
    )
    .prepare('forum_threads_by_id');
}

const threadStatementOf = preparedPerDatabase(selectThreads);

/** A thread as its page opens it, batched with other requests' (decision 022); null when there is none. */
const loadThread = batchedRead<string, ThreadRow | null>(
  async (db, keys) => {
    const statement = threadStatementOf(db);
    const asked = keys.map((key) => JSON.parse(key) as [string, string]);
    const found = await statement.execute({ keys, threads: asked.map((k) => k[0]), viewers: asked.map((k) => k[1]) });
    return new Map(found.map((r) => [r.key, r.row]));
  },
  () => null,
);

export async function getThread(deps: AppDeps, threadId: string, viewerId: string): Promise<ForumThread> {
  const row = await loadThread(deps.database.db, JSON.stringify([threadId, viewerId]));
  if (!row) throw errors.notFound(FORUM_TEXT.threadNotFound);
  return threadView(row, viewerId);
}

/**
 * A page of a forum's threads: pinned first, then newest (spec 001 §2). Keyset pagination on
 * (is_pinned, created_at, id) through the forum's index: `after` is the last id of the previous page,
 * so no OFFSET scan and no count(*) per read. One prepared statement, batched with the requests
 * that arrive at the same time (ADR 066); the forum's existence comes with it for the 404.
 */
export async function listThreads(deps: AppDeps, forumId: string, viewerId: string, after?: string, limit = THREAD_PAGE_SIZE) {
  const { parentExists, rows } = await threadPage(deps.database.db, { parent: forumId, viewer: viewerId, after: after ?? null, limit: limit + 1 });
  if (!parentExists && !after) throw errors.notFound(FORUM_TEXT.forumNotFound);
  const page = rows.slice(0, limit);
  return { items: page.map((r) => threadView(r, viewerId)), nextCursor: rows.length > limit ? page[page.length - 1]!.id : null };
}

/** A page of a thread's replies, oldest first (keyset on created_at, id), as listThreads. */
export async function listReplies(deps: AppDeps, threadId: string, viewerId: string, after?: string, limit = REPLY_PAGE_SIZE) {
  const { parentExists, rows } = await replyPage(deps.database.db, { parent: threadId, viewer: viewerId, after: after ?? null, limit: limit + 1 });
  if (!parentExists && !after) throw errors.notFound(FORUM_TEXT.threadNotFound);
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
  const [row] = await queryRows<ReplyRow>(deps.database.db, sql`${replySelect(sql`${viewerId}`)} WHERE r.id = ${replyId}`);
  if (!row) throw errors.notFound(FORUM_TEXT.replyNotFound);
  return replyView(row, viewerId);
}
