import type { Acknowledged } from './load';

/** A query runner for either database: PGlite opened on the data directory, or a pg pool. */
export type Query = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/**
 * Every count the product keeps beside its rows (followers, favorites, replies, likes, forums'
 * threads, unread badges, title fans), compared with the rows. Each query returns the rows that
 * disagree, named; the result is the list of disagreements (empty when all agree).
 */
const COUNT_CHECKS: { name: string; sql: string }[] = [
  {
    name: 'profiles.followers_count / following_count = follows rows',
    sql: `SELECT p.id, p.followers_count, p.following_count FROM profiles p
          WHERE p.followers_count <> (SELECT count(*) FROM follows f WHERE f.following_id = p.id)
             OR p.following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = p.id)`,
  },
  {
    name: 'profiles.favorites_count / watchlist_count = list rows',
    sql: `SELECT p.id, p.favorites_count, p.watchlist_count FROM profiles p
          WHERE p.favorites_count <> (SELECT count(*) FROM favorites f WHERE f.user_id = p.id)
             OR p.watchlist_count <> (SELECT count(*) FROM watchlist w WHERE w.user_id = p.id)`,
  },
  {
    name: 'forum_threads.reply_count / like_count / follow_count = rows',
    sql: `SELECT t.id, t.reply_count, t.like_count, t.follow_count FROM forum_threads t
          WHERE t.reply_count <> (SELECT count(*) FROM forum_replies r WHERE r.thread_id = t.id)
             OR t.like_count <> (SELECT count(*) FROM thread_likes l WHERE l.thread_id = t.id)
             OR t.follow_count <> (SELECT count(*) FROM thread_follows f WHERE f.thread_id = t.id)`,
  },
  {
    name: 'forums.thread_count = threads',
    sql: `SELECT f.id, f.thread_count FROM forums f WHERE f.thread_count <> (SELECT count(*) FROM forum_threads t WHERE t.forum_id = f.id)`,
  },
  {
    name: 'unread message counters = unread messages',
    sql: `SELECT u.id FROM "user" u
          WHERE coalesce((SELECT sum(n) FROM unread_counters c WHERE c.user_id = u.id AND c.kind = 'message'), 0)
             <> (SELECT count(*) FROM messages m WHERE m.receiver_id = u.id AND NOT m.read)`,
  },
  {
    name: 'unread notification counters = unread notifications',
    sql: `SELECT u.id FROM "user" u
          WHERE coalesce((SELECT sum(n) FROM unread_counters c WHERE c.user_id = u.id AND c.kind = 'notification'), 0)
             <> (SELECT count(*) FROM notifications n WHERE n.user_id = u.id AND NOT n.read)`,
  },
  {
    name: 'title_fans.fans = favorites per title',
    sql: `SELECT coalesce(f.media_type, tf.media_type) AS media_type, coalesce(f.media_id, tf.media_id) AS media_id, f.n, tf.fans
          FROM (SELECT media_type, media_id, count(*) AS n FROM favorites GROUP BY media_type, media_id) f
          FULL JOIN title_fans tf ON tf.media_type = f.media_type AND tf.media_id = f.media_id
          WHERE coalesce(f.n, 0) <> coalesce(tf.fans, 0)`,
  },
];

export async function countDisagreements(query: Query): Promise<string[]> {
  const found: string[] = [];
  for (const check of COUNT_CHECKS) {
    const rows = await query(check.sql);
    if (rows.length > 0) found.push(`${check.name}: ${JSON.stringify(rows.slice(0, 3))}`);
  }
  return found;
}

/** The acknowledged writes that are not in the database. */
export async function missingWrites(query: Query, ack: Acknowledged): Promise<string[]> {
  const missing: string[] = [];
  const have = async (sql: string, keys: string[]) => {
    if (keys.length === 0) return;
    const rows = await query<{ key: string }>(sql, [keys]);
    const present = new Set(rows.map((r) => r.key));
    for (const key of keys) if (!present.has(key)) missing.push(`${sql.match(/FROM (\w+)/)?.[1]}: ${key}`);
  };
  await have(`SELECT client_id::text AS key FROM messages WHERE client_id::text = ANY($1)`, ack.messages);
  await have(`SELECT user_id || ':' || media_id AS key FROM favorites WHERE user_id || ':' || media_id = ANY($1)`, ack.favorites);
  await have(`SELECT follower_id || ':' || following_id AS key FROM follows WHERE follower_id || ':' || following_id = ANY($1)`, ack.follows);
  await have(`SELECT content AS key FROM forum_replies WHERE content = ANY($1)`, ack.replies);
  await have(`SELECT thread_id::text || ':' || user_id AS key FROM thread_likes WHERE thread_id::text || ':' || user_id = ANY($1)`, ack.threadLikes);
  return missing;
}
