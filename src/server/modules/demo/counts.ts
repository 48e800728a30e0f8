import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The counts kept beside their rows that the demo seed and its reset can move (decision 040):
 * follower counts on profiles (kept by the social service) and the forums' thread, reply, like and
 * follow counts (kept by the forums service). The list and title-fan counts, match signatures and
 * unread counters are kept by triggers and need nothing. Each is recounted from its rows, and a row
 * is written only when its count is wrong, so recounting right counts changes nothing.
 */
export interface Affected {
  users: string[];
  threads: string[];
  replies: string[];
  forums: string[];
}

const list = (ids: string[]) => sql`(SELECT json_array_elements_text(${JSON.stringify(ids)}::json))`;

export async function recount(db: Database, a: Affected): Promise<void> {
  if (a.users.length)
    await db.execute(sql`UPDATE profiles p SET followers_count = c.followers, following_count = c.following
      FROM (SELECT pr.id, (SELECT count(*)::int FROM follows f WHERE f.following_id = pr.id) AS followers, (SELECT count(*)::int FROM follows f WHERE f.follower_id = pr.id) AS following
            FROM profiles pr WHERE pr.id IN ${list(a.users)}) c
      WHERE p.id = c.id AND (p.followers_count, p.following_count) IS DISTINCT FROM (c.followers, c.following)`);
  if (a.threads.length)
    await db.execute(sql`UPDATE forum_threads t SET reply_count = c.replies, like_count = c.likes, follow_count = c.follows
      FROM (SELECT id, (SELECT count(*)::int FROM forum_replies r WHERE r.thread_id = th.id) AS replies,
                   (SELECT count(*)::int FROM thread_likes l WHERE l.thread_id = th.id) AS likes,
                   (SELECT count(*)::int FROM thread_follows f WHERE f.thread_id = th.id) AS follows
            FROM forum_threads th WHERE id::text IN ${list(a.threads)}) c
      WHERE t.id = c.id AND (t.reply_count, t.like_count, t.follow_count) IS DISTINCT FROM (c.replies, c.likes, c.follows)`);
  if (a.replies.length)
    await db.execute(sql`UPDATE forum_replies r SET like_count = c.likes
      FROM (SELECT id, (SELECT count(*)::int FROM reply_likes l WHERE l.reply_id = x.id) AS likes FROM forum_replies x WHERE id::text IN ${list(a.replies)}) c
      WHERE r.id = c.id AND r.like_count <> c.likes`);
  if (a.forums.length)
    await db.execute(sql`UPDATE forums f SET thread_count = c.threads
      FROM (SELECT id, (SELECT count(*)::int FROM forum_threads t WHERE t.forum_id = fo.id) AS threads FROM forums fo WHERE id::text IN ${list(a.forums)}) c
      WHERE f.id = c.id AND f.thread_count <> c.threads`);
}
