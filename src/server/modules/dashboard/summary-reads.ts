import { sql } from 'drizzle-orm';
import { SUGGESTIONS_SHOWN } from '../../../shared/dashboard';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { type EpochStamp, epochCache } from '../../db/epoch-cache';
import { blockedPeopleOf } from '../safety/service';

/**
 * The dashboard summary's own reads, batched across the requests of one event-loop turn (decision
 * 022, ADR 070): one prepared statement for every viewer of the turn, each viewer's row their own;
 * identical viewers are read once. Only the genre fill-up is kept, while nothing it reads changes
 * (ADR 087). Its matches come from matches/reads.ts.
 */

export interface ProfileRow {
  username: string | null;
  display_username: string | null;
  full_name: string | null;
  avatar_url: string | null;
  bio: string | null;
  genres: string[];
  favorites_count: number;
  watchlist_count: number;
  followers_count: number;
  following_count: number;
  has_social: boolean;
}

export interface GenrePersonRow {
  id: string;
  username: string | null;
  display_username: string | null;
  full_name: string | null;
  avatar_url: string | null;
  is_demo: boolean;
  shared_genres: string[];
}

/** The viewer's profile and counters (kept by triggers, so no counting here), as JSON. */
function profileStatement(db: Database) {
  return db
    .select({
      viewer: sql<string>`k.viewer`,
      row: sql<ProfileRow>`json_build_object('username', u.username, 'display_username', u.display_username, 'full_name', p.full_name,
        'avatar_url', p.avatar_url, 'bio', p.bio, 'genres', p.favorite_genres, 'favorites_count', p.favorites_count,
        'watchlist_count', p.watchlist_count, 'followers_count', p.followers_count, 'following_count', p.following_count,
        'has_social', (coalesce(p.instagram_url, p.facebook_url, p.youtube_url, p.tiktok_url, p.twitter_url, p.linkedin_url) IS NOT NULL))`,
    })
    .from(sql`unnest(${sql.placeholder('viewers')}::text[]) AS k(viewer) JOIN "user" u ON u.id = k.viewer JOIN profiles p ON p.id = u.id`)
    .prepare('dashboard_profiles');
}

/**
 * People sharing at least one favorite genre with the viewer, most shared first, enough rows to fill
 * up after the matches (ruling 23): verified, not banned, not private, no block either way, not followed.
 */
function genresStatement(db: Database) {
  const viewer = sql`k.viewer`;
  return db
    .select({
      viewer: sql<string>`k.viewer`,
      rows: sql<GenrePersonRow[]>`(SELECT coalesce(json_agg(s ORDER BY cardinality(s.shared_genres) DESC, s.followers_count DESC, s.id), '[]'::json) FROM (
          SELECT * FROM (
            SELECT u.id, u.username, u.display_username, p.full_name, p.avatar_url, p.is_demo, p.followers_count,
              ARRAY(SELECT x FROM unnest(p.favorite_genres) x WHERE x = ANY(mine.favorite_genres) ORDER BY x) AS shared_genres
            FROM profiles mine JOIN profiles p ON p.favorite_genres && mine.favorite_genres AND p.id <> mine.id
              JOIN "user" u ON u.id = p.id
            WHERE mine.id = ${viewer} AND u.email_verified AND NOT p.is_banned AND NOT p.is_private
              AND NOT EXISTS (SELECT 1 FROM follows fo WHERE fo.follower_id = mine.id AND fo.following_id = p.id)
              AND p.id NOT IN ${blockedPeopleOf(viewer)}
          ) t
          ORDER BY cardinality(t.shared_genres) DESC, t.followers_count DESC, t.id
          LIMIT ${sql.raw(String(SUGGESTIONS_SHOWN * 2))}) s)`,
    })
    .from(sql`unnest(${sql.placeholder('viewers')}::text[]) AS k(viewer)`)
    .prepare('dashboard_sharing_genres');
}

function perViewer<V, S extends { execute(values: { viewers: string[] }): Promise<{ viewer: string }[]> }>(
  prepare: (db: Database) => S,
  pick: (row: Awaited<ReturnType<S['execute']>>[number]) => V,
  missing: () => V,
) {
  const statementOf = preparedPerDatabase(prepare);
  return batchedRead<string, V>(async (db, viewers) => {
    const rows = (await statementOf(db).execute({ viewers })) as Awaited<ReturnType<S['execute']>>;
    return new Map(rows.map((r) => [r.viewer, pick(r)]));
  }, missing);
}

/** The viewer's profile row, or null when they have none. */
export const profileRowOf = perViewer(
  profileStatement,
  (r) => r.row as ProfileRow | null,
  () => null,
);

/** People sharing favorite genres with the viewer (the suggestions' fill-up), read afresh. */
const sharingGenresOf = perViewer(
  genresStatement,
  (r) => r.rows as GenrePersonRow[],
  () => [],
);

/**
 * The fill-up reads only profiles, user, follows and blocks, whose every write raises match_epoch,
 * and no clock, so it is kept per viewer under the matches page's stamp (ADR 087).
 */
const keptSharing = epochCache<GenrePersonRow[]>(2_000);

export function sharingGenresKept(db: Database, viewer: string, stamp: EpochStamp | null): Promise<GenrePersonRow[]> {
  return keptSharing.through(db, viewer, stamp && { ...stamp, validUntilMs: null }, () => sharingGenresOf(db, viewer));
}
