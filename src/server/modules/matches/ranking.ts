import { sql } from 'drizzle-orm';
import { matchPercentage } from '../../../shared/matches';
import { type Database, queryRows } from '../../db/client';
import { MATCH_HEAVY_SLOTS } from '../../db/schema/matches';
import { searchOnCopy } from './mirror-search';
import { type RankRow, rankStatement, rankUsersStatement } from './statements';

/**
 * One user's match ranking, exact, without joining the popular titles' fans (decision 014).
 *
 * Who appears (ruling 19): verified, not banned, not private, favorites shown, not the viewer, not
 * blocked by or blocking the viewer (ruling 28), at least one favorite shared (the viewer's own privacy does not matter: they see their own matches).
 * Order (spec 001 §4): boosted first, then match percentage, then shared count, then user id.
 *
 * One statement (statements.ts), one snapshot: the viewer's popular ("heavy") titles are counted for
 * everyone at once as bit_count(their bits & the viewer's bits) over match_sigs, one narrow row per
 * user, with the genre bonus by bit_count too; the rare titles' fans are counted first and joined to
 * those rows by hash, so every key is exact, and a top-N sort keeps the first `limit`.
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
  /** The viewer's favorite genres (for the cards' shared genres); empty when no match was found. */
  viewerGenres: string[];
}

type Key = { boosted: boolean; pct: number; shared: number; userId: string };

/** Negative when a ranks before b. */
export function compareMatches(a: Key, b: Key): number {
  if (a.boosted !== b.boosted) return a.boosted ? -1 : 1;
  if (a.pct !== b.pct) return b.pct - a.pct;
  if (a.shared !== b.shared) return b.shared - a.shared;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

export function toRanked(row: RankRow): Ranked {
  return {
    userId: row.userId,
    shared: row.shared,
    favoritesCount: row.n,
    sharedGenres: row.sharedGenres,
    boosted: row.boosted,
    pct: matchPercentage(row.shared, row.na, row.n, row.sharedGenres),
  };
}

/** The statements return their rows in this order already; sorting again costs nothing at this size and keeps one comparator the authority. */
function top(rows: Iterable<Ranked>, limit: number): Ranked[] {
  return [...rows].sort(compareMatches).slice(0, limit);
}

export async function rankMatches(db: Database, viewerId: string, options: RankOptions): Promise<RankResult> {
  if (options.limit <= 0 || options.onlyUsers?.length === 0) return { matches: [], path: 'direct', viewerGenres: [] };
  const genres = JSON.stringify(options.genres ?? []);
  const rows = options.onlyUsers
    ? await rankUsersStatement(db).execute({ viewer: viewerId, users: JSON.stringify(options.onlyUsers), genres })
    : ((await searchOnCopy(db, [{ viewerId, limit: options.limit, genres: options.genres ?? [] }]))[0] ??
      (await rankStatement(db).execute({ viewer: viewerId, limit: options.limit, genres })));
  return { matches: top(rows.map(toRanked), options.limit), path: options.onlyUsers ? 'direct' : 'scan', viewerGenres: rows[0]?.viewerGenres ?? [] };
}

/** Gives the most popular titles a bit in match_sigs (decision 014); speed only, never the answer. */
export async function rebalanceMatchTitles(db: Database, slots = MATCH_HEAVY_SLOTS, minFans = 50): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT match_rebalance(${slots}::integer, ${minFans}::integer) AS n`);
  return row?.n ?? 0;
}
