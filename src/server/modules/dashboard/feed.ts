import { sql } from 'drizzle-orm';
import { FEED_CURSOR, type FeedItem, type FeedKind, type FeedPage, FEED_PAGE_SIZE } from '../../../shared/feed';
import type { MediaType } from '../../../shared/catalogue';
import { queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { blockedPeopleOf } from '../safety/service';

interface FeedRow {
  id: string;
  kind: FeedKind;
  created_at: string;
  actor_id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  media_type: MediaType | null;
  media_id: number | null;
  title: string;
  poster_path: string | null;
  rating: number | null;
  thread_id: string | null;
}

function parseCursor(before: string | undefined): { at: string; id: string } | null {
  if (!before) return null;
  if (!FEED_CURSOR.test(before)) throw errors.badRequest('Invalid cursor.');
  const [at, id] = before.split('|') as [string, string];
  return { at, id };
}

/** Whether the row's section is shown to others by the person's switches (ruling 9), or the viewer is an admin. */
const shownKind = (x: string, p: string) =>
  sql.raw(`(me.admin OR CASE ${x}.kind WHEN 'favorite' THEN ${p}.show_favorites WHEN 'rating' THEN ${p}.show_favorites
      WHEN 'watchlist' THEN ${p}.show_watchlist WHEN 'watching' THEN ${p}.show_currently_watching ELSE true END)`);

/**
 * The Following tab (decision 052): one statement, in two steps.
 *
 * 1. `fol`: the people the viewer follows who are not banned, not blocked either way, and whose account
 *    the viewer may see into (not private, or the viewer is an admin: ruling 9), each with their newest
 *    shown activity older than the cursor (one backward probe of `activities_actor_created_idx`,
 *    index-only), keeping the `limit + 1` whose newest is newest. A page's rows can only come from
 *    them: those people alone have `limit + 1` rows at least as new as the last of them.
 * 2. Their newest `limit + 1` shown rows each, merged, newest first, `limit + 1` kept.
 *
 * Following 1,000 people this reads 1,000 index entries and at most (limit + 1)² rows, where reading
 * each person's page first would read 21,000. The show_* switches are judged now, and nothing about
 * privacy is stored with a row, so turning private hides every row at once and turning public brings
 * them back.
 */
export async function followingFeed(deps: AppDeps, viewerId: string, before?: string, limit = FEED_PAGE_SIZE): Promise<FeedPage> {
  const cursor = parseCursor(before);
  const older = cursor ? sql`AND (x.created_at, x.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``;
  const take = limit + 1;
  const rows = await queryRows<FeedRow>(
    deps.database.db,
    sql`WITH me AS (SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${viewerId} AND role = 'admin') AS admin),
      fol AS (
        SELECT f.following_id AS actor_id, p.full_name, p.avatar_url, p.show_favorites, p.show_watchlist, p.show_currently_watching
        FROM me
        CROSS JOIN follows f
        JOIN profiles p ON p.id = f.following_id
        CROSS JOIN LATERAL (
          SELECT x.created_at, x.id FROM activities x
          WHERE x.actor_id = f.following_id AND ${shownKind('x', 'p')} ${older}
          ORDER BY x.created_at DESC, x.id DESC
          LIMIT 1
        ) newest
        WHERE f.follower_id = ${viewerId}
          AND NOT p.is_banned
          AND (me.admin OR NOT p.is_private)
          AND f.following_id NOT IN ${blockedPeopleOf(viewerId)}
        ORDER BY newest.created_at DESC, newest.id DESC
        LIMIT ${take}
      )
      SELECT a.id, a.kind, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
             a.actor_id, u.username, fol.full_name, fol.avatar_url, a.media_type, a.media_id, a.title, a.poster_path, a.rating, a.thread_id
      FROM me
      CROSS JOIN fol
      JOIN "user" u ON u.id = fol.actor_id
      CROSS JOIN LATERAL (
        SELECT x.* FROM activities x
        WHERE x.actor_id = fol.actor_id AND ${shownKind('x', 'fol')} ${older}
        ORDER BY x.created_at DESC, x.id DESC
        LIMIT ${take}
      ) a
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT ${take}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last ? `${last.created_at}|${last.id}` : null,
  };
}

function toItem(r: FeedRow): FeedItem {
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    actor: { id: r.actor_id, username: r.username, fullName: r.full_name, avatarUrl: r.avatar_url },
    media: r.media_type && r.media_id !== null ? { mediaType: r.media_type, mediaId: r.media_id, title: r.title, posterPath: r.poster_path } : null,
    rating: r.rating,
    thread: r.thread_id ? { id: r.thread_id, title: r.title } : null,
  };
}
