import { sql } from 'drizzle-orm';
import type { ProfileForums } from '../../../shared/forums';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { isoOf } from './page-queries';

const PROFILE_LIST_LIMIT = 50;

type Lists = Omit<ProfileForums, 'visible'>;
interface Row {
  key: string;
  visible: boolean;
  threads: Lists['threads'];
  replies: Lists['replies'];
  following: Lists['following'];
}

/** Rows of a subquery as a JSON array, in its order (empty when the lists are not visible). */
const list = (query: ReturnType<typeof sql>) => sql`(SELECT coalesce(json_agg(x), '[]'::json) FROM (${query}) x)`;
const threadColumns = sql`t.id, t.title, f.name AS "forumName", f.id AS "forumId", ${isoOf('t.created_at')} AS "createdAt", t.reply_count AS "replyCount", t.like_count AS "likeCount"`;

/**
 * For many (profile, viewer) keys in one prepared statement: whether the profile exists (no row if
 * not), whether the viewer may see its forum lists (the user or an admin, ruling 9), and then the
 * threads, replies and follows, newest first. A viewer who may not see them costs no list scan.
 */
function selectProfileForums(db: Database) {
  const threads = sql`SELECT ${threadColumns} FROM forum_threads t JOIN forums f ON f.id = t.forum_id
    WHERE v.visible AND t.author_id = k.profile ORDER BY t.created_at DESC LIMIT ${PROFILE_LIST_LIMIT}`;
  const replies = sql`SELECT r.id, t.id AS "threadId", t.title AS "threadTitle", f.name AS "forumName", f.id AS "forumId", r.content, ${isoOf('r.created_at')} AS "createdAt"
    FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id JOIN forums f ON f.id = t.forum_id
    WHERE v.visible AND r.author_id = k.profile ORDER BY r.created_at DESC LIMIT ${PROFILE_LIST_LIMIT}`;
  const following = sql`SELECT ${threadColumns} FROM thread_follows tf JOIN forum_threads t ON t.id = tf.thread_id JOIN forums f ON f.id = t.forum_id
    WHERE v.visible AND tf.user_id = k.profile ORDER BY tf.created_at DESC LIMIT ${PROFILE_LIST_LIMIT}`;
  return db
    .select({
      key: sql<string>`k.key`,
      visible: sql<boolean>`v.visible`,
      threads: sql<Row['threads']>`${list(threads)}`,
      replies: sql<Row['replies']>`${list(replies)}`,
      following: sql<Row['following']>`${list(following)}`,
    })
    .from(
      sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('profiles')}::text[], ${sql.placeholder('viewers')}::text[]) AS k(key, profile, viewer)
          JOIN "user" u ON u.id = k.profile
          CROSS JOIN LATERAL (SELECT k.viewer = k.profile OR EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = k.viewer AND ur.role = 'admin') AS visible) v`,
    )
    .prepare('profile_forums');
}

const statementOf = preparedPerDatabase(selectProfileForums);

/** Batched with the other requests of the same moment (decision 022; ADR 066). Null for an unknown profile. */
const load = batchedRead<string, Row | null>(
  async (db, keys) => {
    const statement = statementOf(db);
    const asked = keys.map((key) => JSON.parse(key) as [string, string]);
    const found = await statement.execute({ keys, profiles: asked.map((k) => k[0]), viewers: asked.map((k) => k[1]) });
    return new Map(found.map((r) => [r.key, r]));
  },
  () => null,
);

/**
 * What a user wrote and follows: to the user and admins only, public or private (spec 000 §2:
 * 'Forum participation is private' to others; ruling 9). Null for an unknown user.
 */
export async function profileForums(deps: AppDeps, viewer: AuthedUser, profileId: string): Promise<ProfileForums | null> {
  const row = await load(deps.database.db, JSON.stringify([profileId, viewer.id]));
  if (!row) return null;
  if (!row.visible) return { visible: false, threads: [], replies: [], following: [] };
  return { visible: true, threads: row.threads, replies: row.replies, following: row.following };
}
