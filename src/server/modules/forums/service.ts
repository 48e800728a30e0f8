import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { FORUM_TEXT, type Forum, type ForumReply, type ForumThread, type ProfileForums, REPLY_PAGE_SIZE, type ReportReason, THREAD_PAGE_SIZE } from '../../../shared/forums';
import type { MediaType } from '../../../shared/catalogue';
import type { Database } from '../../db/client';
import { forumReplies, forums, forumThreads, profiles, replyLikes, reportedPosts, threadFollows, threadLikes, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { errors } from '../../http/errors';
import { isAdmin, loadAccess } from '../accounts/access';
import { notifyForumActivity } from './notify';

type ForumRow = typeof forums.$inferSelect;

const usernameOf = sql<string>`coalesce(${user.displayUsername}, ${user.username})`;

const toForum = (f: ForumRow): Forum => ({
  id: f.id,
  type: f.type,
  name: f.name,
  description: f.description,
  referenceType: f.referenceType,
  referenceId: f.referenceId,
  genreName: f.genreName,
  threadCount: f.threadCount,
});

/** One row per key, also when two requests create it at once (the unique key decides). */
async function getOrCreateForum(db: Database, values: typeof forums.$inferInsert): Promise<Forum> {
  const [existing] = await db.select().from(forums).where(eq(forums.key, values.key));
  if (existing) return toForum(existing);
  await db.insert(forums).values(values).onConflictDoNothing({ target: forums.key });
  const [row] = await db.select().from(forums).where(eq(forums.key, values.key));
  return toForum(row!);
}

/** getOrCreateGenreForum (spec 001 §7): one forum per genre name (the route accepts only known genres). */
export function getOrCreateGenreForum(deps: AppDeps, genreName: string): Promise<Forum> {
  return getOrCreateForum(deps.database.db, {
    key: `genre:${genreName.toLowerCase()}`,
    type: 'genre',
    name: genreName,
    description: `Everything ${genreName}: recommendations, favorites and hot takes.`,
    genreName,
  });
}

/**
 * getOrCreateTitleForum (spec 001 §7) and the forums of the title's genres, for the Discussions
 * section's tabs. The name and genres come from the catalogue, never from the client; 404 for an
 * unknown title.
 */
export async function titleForums(deps: AppDeps, mediaType: MediaType, mediaId: number): Promise<{ title: Forum; genres: Forum[] }> {
  const details = await deps.catalogue.getDetails(mediaType, mediaId);
  if (!details) throw errors.notFound('Title not found');
  const title = await getOrCreateForum(deps.database.db, {
    key: `title:${mediaType}:${mediaId}`,
    type: 'title',
    name: details.title,
    description: `Discussions about ${details.title}.`,
    referenceType: mediaType,
    referenceId: mediaId,
  });
  const genres: Forum[] = [];
  for (const g of details.genres) genres.push(await getOrCreateGenreForum(deps, g));
  return { title, genres };
}

// ---------------------------------------------------------------------------------------------
// Reading

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

const author = (r: { authorId: string; username: string; avatarUrl: string | null; foundingMember: boolean | null }) => ({
  id: r.authorId,
  username: r.username,
  avatarUrl: r.avatarUrl,
  foundingMember: !!r.foundingMember,
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
    })
    .from(forumThreads)
    .innerJoin(user, eq(user.id, forumThreads.authorId))
    .leftJoin(profiles, eq(profiles.id, forumThreads.authorId));
}

function selectReplies(db: Database, viewerId: string) {
  return db
    .select({ ...replyColumns, likedByMe: sql<boolean>`exists(select 1 from reply_likes l where l.reply_id = ${forumReplies.id} and l.user_id = ${viewerId})` })
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

async function threadRow(db: Database, threadId: string) {
  const [row] = await db
    .select({ id: forumThreads.id, forumId: forumThreads.forumId, authorId: forumThreads.authorId, title: forumThreads.title })
    .from(forumThreads)
    .where(eq(forumThreads.id, threadId));
  if (!row) throw errors.notFound(FORUM_TEXT.threadNotFound);
  return row;
}

function threadChanged(deps: AppDeps, forumId: string, threadId: string) {
  deps.events.publish({ everyone: true }, { type: 'forum-thread-changed', forumId, threadId });
}

function threadsChanged(deps: AppDeps, forumId: string) {
  deps.events.publish({ everyone: true }, { type: 'forum-threads-changed', forumId });
}

/** Runs after the answer: notifications never hold a request, and their failures are only logged. */
function later(deps: AppDeps, what: string, job: () => Promise<void>) {
  setImmediate(() => {
    job().catch((err: unknown) => deps.logger.error({ err }, `${what} failed`));
  });
}

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
  later(deps, 'thread notifications', () => notifyForumActivity(deps, { kind: 'thread', actor: me, threadId: id, forumId, threadTitle: input.title, content: input.content }));
  return getThread(deps, id, me.id);
}

async function mayModerate(deps: AppDeps, userId: string) {
  return isAdmin(deps.database.db, userId);
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
  return getThread(deps, threadId, me.id);
}

/** Deletes a thread (the author, or an admin: ruling 24); replies, likes, follows and reports go with it (cascade). */
export async function deleteThread(deps: AppDeps, me: AuthedUser, threadId: string): Promise<void> {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  if (thread.authorId !== me.id && !(await mayModerate(deps, me.id))) throw errors.forbidden(FORUM_TEXT.onlyAuthor);
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(forumThreads).where(eq(forumThreads.id, threadId)).returning({ forumId: forumThreads.forumId });
    if (rows.length === 0) return false;
    await tx
      .update(forums)
      .set({ threadCount: sql`${forums.threadCount} - 1` })
      .where(eq(forums.id, thread.forumId));
    return true;
  });
  if (!deleted) throw errors.notFound(FORUM_TEXT.threadNotFound);
  threadsChanged(deps, thread.forumId);
  threadChanged(deps, thread.forumId, threadId);
}

export async function pinThread(deps: AppDeps, admin: AuthedUser, threadId: string, pinned: boolean): Promise<ForumThread> {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  await db.update(forumThreads).set({ isPinned: pinned }).where(eq(forumThreads.id, threadId));
  threadsChanged(deps, thread.forumId);
  return getThread(deps, threadId, admin.id);
}

/**
 * Likes and follows are idempotent: the (thread, user) key decides whether a row was added or
 * removed, and the count moves by one only then, in the same transaction. Twenty users liking at
 * once give twenty; one user's double click gives one.
 */
export async function setThreadLike(deps: AppDeps, me: AuthedUser, threadId: string, liked: boolean) {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  const result = await db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(threadLikes).values({ threadId, userId: me.id }).onConflictDoNothing().returning({ id: threadLikes.threadId })
      : await tx
          .delete(threadLikes)
          .where(and(eq(threadLikes.threadId, threadId), eq(threadLikes.userId, me.id)))
          .returning({ id: threadLikes.threadId });
    if (changed.length === 0) {
      const [row] = await tx.select({ likeCount: forumThreads.likeCount }).from(forumThreads).where(eq(forumThreads.id, threadId));
      return { changed: false, likeCount: row?.likeCount ?? 0 };
    }
    const [row] = await tx
      .update(forumThreads)
      .set({ likeCount: sql`${forumThreads.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(forumThreads.id, threadId))
      .returning({ likeCount: forumThreads.likeCount });
    return { changed: true, likeCount: row?.likeCount ?? 0 };
  });
  if (result.changed) {
    threadChanged(deps, thread.forumId, threadId);
    if (liked)
      later(deps, 'like notification', () =>
        notifyForumActivity(deps, { kind: 'like', actor: me, threadId, forumId: thread.forumId, threadTitle: thread.title, recipientId: thread.authorId }),
      );
  }
  return { liked, likeCount: result.likeCount };
}

export async function setThreadFollow(deps: AppDeps, me: AuthedUser, threadId: string, following: boolean) {
  const db = deps.database.db;
  const thread = await threadRow(db, threadId);
  const result = await db.transaction(async (tx) => {
    const changed = following
      ? await tx.insert(threadFollows).values({ threadId, userId: me.id }).onConflictDoNothing().returning({ id: threadFollows.threadId })
      : await tx
          .delete(threadFollows)
          .where(and(eq(threadFollows.threadId, threadId), eq(threadFollows.userId, me.id)))
          .returning({ id: threadFollows.threadId });
    if (changed.length === 0) {
      const [row] = await tx.select({ followCount: forumThreads.followCount }).from(forumThreads).where(eq(forumThreads.id, threadId));
      return { changed: false, followCount: row?.followCount ?? 0 };
    }
    const [row] = await tx
      .update(forumThreads)
      .set({ followCount: sql`${forumThreads.followCount} + ${following ? 1 : -1}` })
      .where(eq(forumThreads.id, threadId))
      .returning({ followCount: forumThreads.followCount });
    return { changed: true, followCount: row?.followCount ?? 0 };
  });
  if (result.changed) threadChanged(deps, thread.forumId, threadId);
  return { following, followCount: result.followCount };
}

async function replyRow(db: Database, replyId: string) {
  const [row] = await db
    .select({ id: forumReplies.id, threadId: forumReplies.threadId, authorId: forumReplies.authorId, forumId: forumThreads.forumId, threadTitle: forumThreads.title })
    .from(forumReplies)
    .innerJoin(forumThreads, eq(forumThreads.id, forumReplies.threadId))
    .where(eq(forumReplies.id, replyId));
  if (!row) throw errors.notFound(FORUM_TEXT.replyNotFound);
  return row;
}

async function getReply(deps: AppDeps, replyId: string, viewerId: string): Promise<ForumReply> {
  const db = deps.database.db;
  const [row] = await selectReplies(db, viewerId).where(eq(forumReplies.id, replyId));
  if (!row) throw errors.notFound(FORUM_TEXT.replyNotFound);
  return replyView(row, viewerId);
}

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

/** Deletes a reply and the replies to it (the author, or an admin); the count drops by as many. */
export async function deleteReply(deps: AppDeps, me: AuthedUser, replyId: string): Promise<void> {
  const db = deps.database.db;
  const reply = await replyRow(db, replyId);
  if (reply.authorId !== me.id && !(await mayModerate(deps, me.id))) throw errors.forbidden(FORUM_TEXT.onlyAuthor);
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
  });
  threadChanged(deps, reply.forumId, reply.threadId);
}

export async function setReplyLike(deps: AppDeps, me: AuthedUser, replyId: string, liked: boolean) {
  const db = deps.database.db;
  const reply = await replyRow(db, replyId);
  const result = await db.transaction(async (tx) => {
    const changed = liked
      ? await tx.insert(replyLikes).values({ replyId, userId: me.id }).onConflictDoNothing().returning({ id: replyLikes.replyId })
      : await tx
          .delete(replyLikes)
          .where(and(eq(replyLikes.replyId, replyId), eq(replyLikes.userId, me.id)))
          .returning({ id: replyLikes.replyId });
    if (changed.length === 0) {
      const [row] = await tx.select({ likeCount: forumReplies.likeCount }).from(forumReplies).where(eq(forumReplies.id, replyId));
      return { changed: false, likeCount: row?.likeCount ?? 0 };
    }
    const [row] = await tx
      .update(forumReplies)
      .set({ likeCount: sql`${forumReplies.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(forumReplies.id, replyId))
      .returning({ likeCount: forumReplies.likeCount });
    return { changed: true, likeCount: row?.likeCount ?? 0 };
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
  return { liked, likeCount: result.likeCount };
}

/** Stores a report of a thread or a reply, open, for the admin queue (issue 17). */
export async function reportPost(deps: AppDeps, me: AuthedUser, input: { threadId?: string; replyId?: string; reason: ReportReason; message?: string }) {
  const db = deps.database.db;
  if (input.threadId) await threadRow(db, input.threadId);
  if (input.replyId) await replyRow(db, input.replyId);
  await db.insert(reportedPosts).values({
    reporterId: me.id,
    reason: input.reason,
    threadId: input.threadId ?? null,
    replyId: input.replyId ?? null,
    message: input.reason === 'other' && input.message ? input.message : null,
  });
}

// ---------------------------------------------------------------------------------------------
// The profile's Forums tab

const PROFILE_LIST_LIMIT = 50;

/**
 * What a user wrote and follows: to the user and admins only, public or private (spec 000 §2:
 * 'Forum participation is private' to others; ruling 9). Null for an unknown user.
 */
export async function profileForums(deps: AppDeps, viewer: AuthedUser, profileId: string): Promise<ProfileForums | null> {
  const db = deps.database.db;
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, profileId));
  if (!exists) return null;
  if (viewer.id !== profileId && !(await isAdmin(db, viewer.id))) return { visible: false, threads: [], replies: [], following: [] };
  const threadCols = {
    id: forumThreads.id,
    title: forumThreads.title,
    forumName: forums.name,
    forumId: forums.id,
    createdAt: forumThreads.createdAt,
    replyCount: forumThreads.replyCount,
    likeCount: forumThreads.likeCount,
  };
  const [threads, replies, following] = await Promise.all([
    db
      .select(threadCols)
      .from(forumThreads)
      .innerJoin(forums, eq(forums.id, forumThreads.forumId))
      .where(eq(forumThreads.authorId, profileId))
      .orderBy(desc(forumThreads.createdAt))
      .limit(PROFILE_LIST_LIMIT),
    db
      .select({
        id: forumReplies.id,
        threadId: forumThreads.id,
        threadTitle: forumThreads.title,
        forumName: forums.name,
        forumId: forums.id,
        content: forumReplies.content,
        createdAt: forumReplies.createdAt,
      })
      .from(forumReplies)
      .innerJoin(forumThreads, eq(forumThreads.id, forumReplies.threadId))
      .innerJoin(forums, eq(forums.id, forumThreads.forumId))
      .where(eq(forumReplies.authorId, profileId))
      .orderBy(desc(forumReplies.createdAt))
      .limit(PROFILE_LIST_LIMIT),
    db
      .select(threadCols)
      .from(threadFollows)
      .innerJoin(forumThreads, eq(forumThreads.id, threadFollows.threadId))
      .innerJoin(forums, eq(forums.id, forumThreads.forumId))
      .where(eq(threadFollows.userId, profileId))
      .orderBy(desc(threadFollows.createdAt))
      .limit(PROFILE_LIST_LIMIT),
  ]);
  const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return { visible: true, threads: threads.map(iso), replies: replies.map(iso), following: following.map(iso) };
}
