import { sql } from 'drizzle-orm';
import { FOLLOW_LIST_LIMIT, type FollowListEntry, type FollowLists } from '../../../shared/social';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';

/** One side of the lists, newest first: the people on the other end of `mine`, verified, not banned, matching the name filter. */
function side(mine: 'following_id' | 'follower_id', theirs: 'follower_id' | 'following_id') {
  return sql.raw(`(select coalesce(json_agg(json_build_object('id', s.id, 'username', s.username, 'fullName', s.full_name,
        'avatarUrl', s.avatar_url, 'followedAt', s.created_at) order by s.created_at desc), '[]'::json)
      from (select u.id, coalesce(u.display_username, u.username) as username, p.full_name, p.avatar_url, f.created_at
            from follows f join "user" u on u.id = f.${theirs} join profiles p on p.id = u.id
            where f.${mine} = k.uid and u.email_verified and not p.is_banned
              and (k.pattern is null or u.username ilike k.pattern or p.full_name ilike k.pattern)
            order by f.created_at desc limit ${FOLLOW_LIST_LIMIT}) s)`);
}

/**
 * Followers, following and counts of any number of (viewer, user, filter) keys in one prepared
 * statement (issue 27; was five: the user, the block, the two sides and the counts). A key gets a row
 * only when the user is verified and not banned and has not blocked the viewer (ruling 28): the
 * same 404s as before.
 */
function selectFollowLists(db: Database) {
  return db
    .select({
      ord: sql<number>`k.ord::int`,
      lists: sql<RawLists>`json_build_object('followers', ${side('following_id', 'follower_id')}, 'following', ${side('follower_id', 'following_id')},
        'followersCount', tp.followers_count, 'followingCount', tp.following_count)`,
    })
    .from(
      sql`unnest(${sql.placeholder('viewers')}::text[], ${sql.placeholder('users')}::text[], ${sql.placeholder('patterns')}::text[]) with ordinality as k(viewer, uid, pattern, ord)
        join "user" tu on tu.id = k.uid and tu.email_verified
        join profiles tp on tp.id = tu.id and not tp.is_banned`,
    )
    .where(sql`(k.viewer = k.uid or not exists (select 1 from user_blocks b where b.blocker_id = k.uid and b.blocked_id = k.viewer))`)
    .prepare('follow_lists');
}

type RawEntry = Omit<FollowListEntry, 'followedAt'> & { followedAt: string };
type RawLists = { followers: RawEntry[]; following: RawEntry[]; followersCount: number; followingCount: number };

const statementOf = preparedPerDatabase(selectFollowLists);
/** JSON renders timestamps in the database's own format: answered as ISO strings like every other date. */
const entries = (rows: RawEntry[]): FollowListEntry[] => rows.map((r) => ({ ...r, followedAt: new Date(r.followedAt).toISOString() }));

/** The key: viewer, user and the name filter, as JSON (the filter is free text). */
const loadFollowLists = batchedRead<string, FollowLists | null>(
  async (db, keys) => {
    const statement = statementOf(db);
    const parsed = keys.map((key) => JSON.parse(key) as [string, string, string]);
    const rows = await statement.execute({
      viewers: parsed.map(([viewer]) => viewer),
      users: parsed.map(([, userId]) => userId),
      patterns: parsed.map(([, , q]) => (q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null)),
    });
    return new Map(
      rows.map(({ ord, lists }) => [
        keys[ord - 1]!,
        { followers: entries(lists.followers), following: entries(lists.following), followersCount: lists.followersCount, followingCount: lists.followingCount },
      ]),
    );
  },
  () => null,
);

/**
 * Followers and following of a user, newest first, optionally filtered by name (signed-in viewers).
 * Someone the user blocked finds no such profile (ruling 28). Concurrent requests share one
 * statement (decision 022); nothing is cached.
 */
export async function followLists(deps: AppDeps, userId: string, q: string, viewerId: string): Promise<FollowLists> {
  const lists = await loadFollowLists(deps.database.db, JSON.stringify([viewerId, userId, q]));
  if (!lists) throw errors.notFound('Profile not found');
  return lists;
}
