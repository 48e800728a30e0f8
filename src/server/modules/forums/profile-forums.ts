import { desc, eq } from 'drizzle-orm';
import type { ProfileForums } from '../../../shared/forums';
import { forumReplies, forums, forumThreads, threadFollows, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { isAdmin } from '../accounts/access';

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
