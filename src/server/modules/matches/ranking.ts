import { sql, type SQL } from 'drizzle-orm';
import { GENRE_BONUS_MAX, matchPercentage } from '../../../shared/matches';
import { type Database, queryRows } from '../../db/client';
import { MATCH_HEAVY_SLOTS } from '../../db/schema/matches';
import { blockedPeopleOf } from '../safety/service';

/**
 * One user's match ranking, exact, without joining the popular titles' fans (decision 014).
 *
 * Who appears (ruling 19): verified, not banned, not private, favorites shown, not the viewer, not
 * blocked by or blocking the viewer (ruling 28), at least one favorite shared (the viewer's own privacy does not matter: they see their own matches).
 * Order (spec 001 §4): boosted first, then match percentage, then shared count, then user id.
 *
 * Shared counts in one statement: the viewer's popular ("heavy") titles are counted for everyone at
 * once as bit_count(their bits & the viewer's bits) over match_sigs, one narrow row per user; only
 * the rare titles are joined fan by fan. The genre bonus adds at most GENRE_BONUS_MAX, so with L the
 * K-th best percentage before the bonus, nobody whose percentage before the bonus is below
 * L − GENRE_BONUS_MAX can be in the first K: only the others (and every boosted user) are returned
 * and ranked exactly here.
 */

export interface Ranked {
  userId: string;
  shared: number;
  favoritesCount: number;
  sharedGenres: number;
  boosted: boolean;
  pct: number;
}

export interface RankOptions {
  /** How many of the top matches are wanted (a page's end, plus one to know if more follow). */
  limit: number;
  /** Premium filter: only users with one of these favorite genres (spec 001 §5: any selected genre). */
  genres?: readonly string[];
  /** Only these users (the day's three of a free user). */
  onlyUsers?: readonly string[];
}

export interface RankResult {
  matches: Ranked[];
  /** Which path answered, for the bench and the tests. */
  path: 'direct' | 'scan';
}

interface TitleKey {
  t: 'movie' | 'tv';
  i: number;
}

type Key = { boosted: boolean; pct: number; shared: number; userId: string };

/** Negative when a ranks before b. */
export function compareMatches(a: Key, b: Key): number {
  if (a.boosted !== b.boosted) return a.boosted ? -1 : 1;
  if (a.pct !== b.pct) return b.pct - a.pct;
  if (a.shared !== b.shared) return b.shared - a.shared;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

interface Row {
  user_id: string;
  shared: number;
  favorites_count: number;
  shared_genres: number;
  boosted: boolean;
}

function titlesJson(titles: readonly TitleKey[]): string {
  return JSON.stringify(titles);
}

/**
 * Shared counts of eligible candidates over `titles` of the viewer's favorites, optionally for the
 * users `who` selects. One statement; the caller's `titles` are the viewer's own rows.
 */
async function countShared(
  db: Database,
  viewerId: string,
  viewerGenres: readonly string[],
  titles: readonly TitleKey[],
  who: SQL | null,
  genres: readonly string[] | undefined,
): Promise<Row[]> {
  if (titles.length === 0) return [];
  const genreFilter = genres && genres.length > 0 ? sql`AND p.favorite_genres && (SELECT array_agg(g) FROM json_array_elements_text(${JSON.stringify(genres)}::json) g)` : sql``;
  const whoFilter = who ? sql`AND f.user_id IN (${who})` : sql``;
  return queryRows<Row>(
    db,
    sql`WITH mine AS (SELECT x.t AS media_type, x.i AS media_id FROM json_to_recordset(${titlesJson(titles)}::json) AS x(t text, i integer)),
      c AS (
        SELECT f.user_id, count(*)::integer AS shared
        FROM favorites f JOIN mine m ON f.media_type = m.media_type AND f.media_id = m.media_id
        WHERE f.user_id <> ${viewerId} AND f.user_id NOT IN ${blockedPeopleOf(viewerId)} ${whoFilter}
        GROUP BY f.user_id
      )
      SELECT c.user_id, c.shared, p.favorites_count,
        (SELECT count(DISTINCT g)::integer FROM unnest(p.favorite_genres) g WHERE g IN (SELECT json_array_elements_text(${JSON.stringify(viewerGenres)}::json))) AS shared_genres,
        coalesce(p.boost_expires_at > now(), false) AS boosted
      FROM c JOIN profiles p ON p.id = c.user_id JOIN "user" u ON u.id = c.user_id
      WHERE u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites ${genreFilter}`,
  );
}

function toRanked(row: Row, viewerCount: number): Ranked {
  return {
    userId: row.user_id,
    shared: row.shared,
    favoritesCount: row.favorites_count,
    sharedGenres: row.shared_genres,
    boosted: row.boosted,
    pct: matchPercentage(row.shared, viewerCount, row.favorites_count, row.shared_genres),
  };
}

function top(rows: Iterable<Ranked>, limit: number): Ranked[] {
  return [...rows].sort(compareMatches).slice(0, limit);
}

export async function rankMatches(db: Database, viewerId: string, options: RankOptions): Promise<RankResult> {
  if (options.limit <= 0) return { matches: [], path: 'direct' };
  const [viewer] = await queryRows<{ genres: string[]; n: number }>(
    db,
    sql`SELECT p.favorite_genres AS genres, (SELECT count(*)::integer FROM favorites WHERE user_id = ${viewerId}) AS n FROM profiles p WHERE p.id = ${viewerId}`,
  );
  if (!viewer || viewer.n === 0) return { matches: [], path: 'direct' };
  const viewerGenres = viewer.genres ?? [];

  if (options.onlyUsers) {
    if (options.onlyUsers.length === 0) return { matches: [], path: 'direct' };
    const titles = await queryRows<TitleKey>(db, sql`SELECT media_type AS t, media_id AS i FROM favorites WHERE user_id = ${viewerId}`);
    const who = sql`SELECT json_array_elements_text(${JSON.stringify(options.onlyUsers)}::json)`;
    const rows = await countShared(db, viewerId, viewerGenres, titles, who, options.genres);
    return {
      matches: top(
        rows.map((r) => toRanked(r, viewer.n)),
        options.limit,
      ),
      path: 'direct',
    };
  }

  const genreFilter = options.genres && options.genres.length > 0 ? sql`AND s.genres && ARRAY(SELECT json_array_elements_text(${JSON.stringify(options.genres)}::json))` : sql``;
  // One statement, one snapshot: the viewer's titles, their split into heavy and light, everyone's
  // counts and bits are read together (a rebalance or a new favorite in between cannot skew them).
  const rows = await queryRows<{ user_id: string; n: number; shared: number; genres: string[]; boosted: boolean; na: number }>(
    db,
    sql`WITH mine AS (SELECT f.media_type, f.media_id, h.slot FROM favorites f
                      LEFT JOIN match_heavy_titles h ON h.media_type = f.media_type AND h.media_id = f.media_id
                      WHERE f.user_id = ${viewerId}),
        na AS (SELECT count(*)::integer AS n,
                 coalesce(bit_or(set_bit(repeat('0', 512)::bit(512), slot, 1)) FILTER (WHERE slot IS NOT NULL), repeat('0', 512)::bit(512)) AS bits
               FROM mine),
        light AS (SELECT f.user_id, count(*)::integer AS c FROM favorites f
                  JOIN mine m ON m.slot IS NULL AND f.media_type = m.media_type AND f.media_id = m.media_id
                  WHERE f.user_id <> ${viewerId} GROUP BY f.user_id),
        scored AS MATERIALIZED (
          SELECT x.*, round(x.shared * 100.0 / least(na.n, x.n))::integer AS base FROM (
            SELECT s.user_id, s.n, s.genres, bit_count(s.heavy & na.bits)::integer + coalesce(l.c, 0) AS shared
            FROM match_sigs s CROSS JOIN na LEFT JOIN light l ON l.user_id = s.user_id
            WHERE s.visible AND s.user_id <> ${viewerId} AND s.user_id NOT IN ${blockedPeopleOf(viewerId)} ${genreFilter}) x CROSS JOIN na
          WHERE x.shared > 0),
        cut AS (SELECT base FROM scored ORDER BY base DESC LIMIT 1 OFFSET ${options.limit - 1}),
        boosted AS (SELECT id FROM profiles WHERE boost_expires_at > now())
      SELECT sc.user_id, sc.n, sc.shared, sc.genres, sc.user_id IN (SELECT id FROM boosted) AS boosted, (SELECT n FROM na) AS na
      FROM scored sc
      WHERE sc.base + ${GENRE_BONUS_MAX} >= coalesce((SELECT base FROM cut), 0) OR sc.user_id IN (SELECT id FROM boosted)`,
  );
  const mine = new Set(viewerGenres);
  const ranked = rows.map((r) =>
    toRanked({ user_id: r.user_id, shared: r.shared, favorites_count: r.n, shared_genres: new Set(r.genres.filter((g) => mine.has(g))).size, boosted: r.boosted }, r.na),
  );
  return { matches: top(ranked, options.limit), path: 'scan' };
}

/** Gives the most popular titles a bit in match_sigs (decision 014); speed only, never the answer. */
export async function rebalanceMatchTitles(db: Database, slots = MATCH_HEAVY_SLOTS, minFans = 50): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT match_rebalance(${slots}::integer, ${minFans}::integer) AS n`);
  return row?.n ?? 0;
}
