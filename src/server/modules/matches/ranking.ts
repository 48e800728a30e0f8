import { sql, type SQL } from 'drizzle-orm';
import { GENRE_BONUS_MAX, matchPercentage } from '../../../shared/matches';
import { type Database, queryRows } from '../../db/client';

/**
 * One user's match ranking, exact, without scoring everyone (decision 014).
 *
 * Who appears (ruling 19): verified, not banned, not private, favorites shown, not the viewer, at
 * least one favorite shared (the viewer's own privacy does not matter: they see their own matches).
 * Order (spec 001 §4): boosted first, then match percentage, then shared count, then user id.
 *
 * The search: the viewer's titles are split by how many fans each has (title_fans). The rare ones
 * ("light") are joined fan by fan, which gives every candidate who shares one of them and a lower
 * bound of their shared count; the popular ones ("heavy", h of them) are not scanned. A candidate
 * seen in the light titles shares at most `light + min(h, their favorites − light)`; one not seen
 * shares at most `min(h, their favorites)`. With T the K-th best lower bound, only candidates whose
 * upper bound reaches T can be in the first K, and exactly those are counted over all titles:
 * the light ones above T, users with fewer favorites than the viewer (their bound is high), and every
 * boosted user. When an unseen user with as many favorites as the viewer could still reach T, the
 * search falls back to counting over every title (the naive join), so the answer is always exact.
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
  /** Fan rows scanned in the light phase before titles count as heavy. */
  lightBudget?: number;
  /** Only these users (the day's three of a free user). */
  onlyUsers?: readonly string[];
}

export interface RankResult {
  matches: Ranked[];
  /** Which path answered, for the bench and the tests. */
  path: 'direct' | 'bounded' | 'fallback';
}

interface TitleKey {
  t: 'movie' | 'tv';
  i: number;
}

const DEFAULT_LIGHT_BUDGET = 20_000;

type Key = { boosted: boolean; pct: number; shared: number; userId: string };

/** Negative when a ranks before b. */
export function compareMatches(a: Key, b: Key): number {
  if (a.boosted !== b.boosted) return a.boosted ? -1 : 1;
  if (a.pct !== b.pct) return b.pct - a.pct;
  if (a.shared !== b.shared) return b.shared - a.shared;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** Whether a candidate (not boosted) with at most `pct` and at most `shared` could rank with or before `t`. */
function couldReach(pct: number, shared: number, t: Key): boolean {
  if (t.boosted) return false;
  return pct > t.pct || (pct === t.pct && shared >= t.shared);
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
        WHERE f.user_id <> ${viewerId} ${whoFilter}
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
  const [viewer] = await queryRows<{ genres: string[] }>(db, sql`SELECT favorite_genres AS genres FROM profiles WHERE id = ${viewerId}`);
  const titles = await queryRows<{ t: 'movie' | 'tv'; i: number; fans: number }>(
    db,
    sql`SELECT f.media_type AS t, f.media_id AS i, coalesce(tf.fans, 0) AS fans
        FROM favorites f LEFT JOIN title_fans tf ON tf.media_type = f.media_type AND tf.media_id = f.media_id
        WHERE f.user_id = ${viewerId}`,
  );
  const viewerGenres = viewer?.genres ?? [];
  const nA = titles.length;
  const all = titles.map(({ t, i }) => ({ t, i }));
  const rank = (rows: Row[]) => rows.map((r) => toRanked(r, nA));
  if (nA === 0 || options.limit <= 0) return { matches: [], path: 'direct' };

  if (options.onlyUsers) {
    if (options.onlyUsers.length === 0) return { matches: [], path: 'direct' };
    const who = sql`SELECT json_array_elements_text(${JSON.stringify(options.onlyUsers)}::json)`;
    return { matches: top(rank(await countShared(db, viewerId, viewerGenres, all, who, options.genres)), options.limit), path: 'direct' };
  }

  // Rarest first; the light prefix stays within the budget of fan rows.
  titles.sort((a, b) => a.fans - b.fans);
  const budget = options.lightBudget ?? DEFAULT_LIGHT_BUDGET;
  let scanned = 0;
  let cut = 0;
  while (cut < titles.length && scanned + titles[cut]!.fans <= budget) scanned += titles[cut++]!.fans;
  const light = titles.slice(0, cut).map(({ t, i }) => ({ t, i }));
  const h = nA - cut;
  const full = async (path: RankResult['path']): Promise<RankResult> => ({
    matches: top(rank(await countShared(db, viewerId, viewerGenres, all, null, options.genres)), options.limit),
    path,
  });
  if (h === 0) return full('direct');
  if (light.length === 0) return full('fallback');

  const seen = rank(await countShared(db, viewerId, viewerGenres, light, null, options.genres));
  if (seen.length < options.limit) return full('fallback');
  const t = [...seen].sort(compareMatches)[options.limit - 1]!;

  // Someone unseen with at least as many favorites as the viewer shares at most h titles, over nA.
  if (couldReach(matchPercentage(h, nA, nA, GENRE_BONUS_MAX), h, t)) return full('fallback');

  // Unseen users with fewer favorites than the viewer: the largest count whose bound still reaches T.
  let smallUpTo = 0;
  for (let nB = 1; nB < nA; nB++) {
    const s = Math.min(h, nB);
    if (couldReach(matchPercentage(s, nA, nB, GENRE_BONUS_MAX), s, t)) smallUpTo = nB;
  }

  const toResolve = seen
    .filter((r) => {
      const s = r.shared + Math.min(h, r.favoritesCount - r.shared);
      return r.boosted || couldReach(matchPercentage(s, nA, r.favoritesCount, r.sharedGenres), s, t);
    })
    .map((r) => r.userId);

  const exact = new Map<string, Ranked>();
  const add = (rows: Row[]) => rank(rows).forEach((r) => exact.set(r.userId, r));
  if (toResolve.length > 0) add(await countShared(db, viewerId, viewerGenres, all, sql`SELECT json_array_elements_text(${JSON.stringify(toResolve)}::json)`, options.genres));
  add(await countShared(db, viewerId, viewerGenres, all, sql`SELECT id FROM profiles WHERE boost_expires_at > now()`, options.genres));
  if (smallUpTo > 0) add(await countShared(db, viewerId, viewerGenres, all, sql`SELECT id FROM profiles WHERE favorites_count BETWEEN 1 AND ${smallUpTo}`, options.genres));
  return { matches: top(exact.values(), options.limit), path: 'bounded' };
}
