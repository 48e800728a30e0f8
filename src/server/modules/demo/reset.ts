import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { removeUserFiles, type Storage } from '../../integrations/storage';
import { recount } from './counts';

/**
 * `npm run seed -- --reset` (decision 040): removes every demo row and nothing else, in one
 * transaction. Demo users (profiles.is_demo) go with what cascades from them; what they left in real
 * users' data goes too: conversations with them (both sides), notifications they caused, their
 * reports, their follows, replies and likes; real users' replies to a demo reply are kept, moved to
 * the top level. Then the counts beside those rows are recounted, forums the seed made and no one
 * else wrote in are removed, and demo ids leave real users' matches of the day.
 * What cannot be kept: a real user's reply in a thread a demo user started goes with the thread.
 */
const DEMO = sql`(SELECT id FROM profiles WHERE is_demo)`;

export interface ResetCounts {
  users: number;
  messages: number;
  notifications: number;
  forums: number;
  files: number;
}

export async function resetCommunity(db: Database, storage?: Storage): Promise<ResetCounts> {
  const demoIds = (await queryRows<{ id: string }>(db, sql`SELECT id FROM profiles WHERE is_demo`)).map((r) => r.id);
  const counts = await db.transaction(async (tx) => {
    const ids = async (q: ReturnType<typeof sql>) => (await queryRows<{ id: string }>(tx, q)).map((r) => String(r.id));
    const affected = {
      users: await ids(sql`SELECT following_id AS id FROM follows WHERE follower_id IN ${DEMO} UNION SELECT follower_id FROM follows WHERE following_id IN ${DEMO}`),
      threads: await ids(sql`SELECT thread_id AS id FROM forum_replies WHERE author_id IN ${DEMO} UNION SELECT thread_id FROM thread_likes WHERE user_id IN ${DEMO}
                             UNION SELECT thread_id FROM thread_follows WHERE user_id IN ${DEMO}`),
      replies: await ids(sql`SELECT reply_id AS id FROM reply_likes WHERE user_id IN ${DEMO}`),
      forums: await ids(sql`SELECT DISTINCT forum_id AS id FROM forum_threads WHERE author_id IN ${DEMO}`),
    };
    const n = async (q: ReturnType<typeof sql>) => (await queryRows<{ n: number }>(tx, sql`WITH d AS (${q} RETURNING 1) SELECT count(*)::int AS n FROM d`))[0]!.n;
    const messages = await n(sql`DELETE FROM messages WHERE user_a IN ${DEMO} OR user_b IN ${DEMO}`);
    const notifications = await n(
      sql`DELETE FROM notifications WHERE related_user_id IN ${DEMO} OR data->>'threadId' IN (SELECT id::text FROM forum_threads WHERE author_id IN ${DEMO})`,
    );
    await tx.execute(sql`DELETE FROM reports WHERE reporter_id IN ${DEMO}`);
    await tx.execute(sql`DELETE FROM reported_posts WHERE reporter_id IN ${DEMO}`);
    await tx.execute(sql`DELETE FROM contact_messages WHERE user_id IN ${DEMO}`);
    await tx.execute(sql`UPDATE forum_replies SET parent_reply_id = NULL
      WHERE parent_reply_id IN (SELECT id FROM forum_replies WHERE author_id IN ${DEMO}) AND author_id NOT IN ${DEMO}`);
    await tx.execute(sql`UPDATE match_daily SET match_ids = ARRAY(SELECT x FROM unnest(match_ids) x WHERE x NOT IN ${DEMO})
      WHERE user_id NOT IN ${DEMO} AND match_ids && ARRAY(SELECT id FROM profiles WHERE is_demo)`);
    const users = await n(sql`DELETE FROM "user" WHERE id IN ${DEMO}`);
    await recount(tx, affected);
    const forums = await n(sql`DELETE FROM forums WHERE id IN (SELECT forum_id FROM demo_forums) AND NOT EXISTS (SELECT 1 FROM forum_threads t WHERE t.forum_id = forums.id)`);
    await tx.execute(sql`DELETE FROM demo_forums`);
    return { users, messages, notifications, forums };
  });
  let files = 0;
  if (storage) for (const id of demoIds) files += await removeUserFiles(storage, id);
  return { ...counts, files };
}
