import { sql } from 'drizzle-orm';
import { BOOST_COOLDOWN_MS, BOOST_MS, type BoostState, FREE_MATCHES_PER_DAY, MATCH_PAGE_SIZE, type Match, matchMessages, type MatchesPage } from '../../../shared/matches';
import { batchedRead } from '../../db/batch';
import { queryRows } from '../../db/client';
import type { EpochStamp } from '../../db/epoch-cache';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { AppError, errors } from '../../http/errors';
import { loadAccess } from '../accounts/access';
import { type PageResult, rankedPage } from './page-read';
import type { Ranked } from './ranking';
import { viewerState } from './reads';

/**
 * The matches page (spec 001 §2, ruling 20). Free users get the first three of their ranking at
 * their first visit of the UTC day, kept until the next day, and never a genre filter; premium
 * users (ruling 4) get the live ranking by pages, filtered by genre when they ask. Every read is
 * batched with the other requests of the moment (reads.ts, page-read.ts, ADR 070); a page is kept only
 * while nothing it reads has changed (ADR 087).
 */
export async function listMatches(deps: AppDeps, viewer: AuthedUser, query: { page: number; genres?: string }): Promise<MatchesPage> {
  return (await matchesWithStamp(deps, viewer, query)).page;
}

/** The matches page and the stamp it was read under (ADR 087), which the dashboard's other kept reads share. */
export async function matchesWithStamp(deps: AppDeps, viewer: AuthedUser, query: { page: number; genres?: string }): Promise<{ page: MatchesPage; stamp: EpochStamp | null }> {
  const { db } = deps.database;
  const state = await viewerState(db, viewer, deps.config.auth.ownerEmail);
  const { stamp } = state;
  if (!state.access.isPremium) {
    const ids = await dailyMatchIds(deps, viewer.id, state.today, stamp);
    const page = await rankedPage(db, viewer.id, { limit: FREE_MATCHES_PER_DAY, onlyUsers: ids, start: 0 }, stamp);
    return { page: { matches: describe(page, page.matches), limited: true, page: 1, hasMore: false, genres: [] }, stamp };
  }
  const genres = [
    ...new Set(
      (query.genres ?? '')
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
    ),
  ].slice(0, 20);
  const end = query.page * MATCH_PAGE_SIZE;
  const page = await rankedPage(db, viewer.id, { limit: end + 1, genres, start: end - MATCH_PAGE_SIZE }, stamp);
  const pageRows = page.matches.slice(end - MATCH_PAGE_SIZE, end);
  return { page: { matches: describe(page, pageRows), limited: false, page: query.page, hasMore: page.matches.length > end, genres }, stamp };
}

/** A text[] from ids, in their order (the drivers pass no arrays the same way, so through JSON). */
const textArray = (ids: readonly string[]) =>
  sql`(SELECT coalesce(array_agg(v ORDER BY n), '{}') FROM json_array_elements_text(${JSON.stringify(ids)}::json) WITH ORDINALITY AS e(v, n))`;

/**
 * Ruling 20: today's three (UTC, the database's day), chosen at the first visit and kept, so adding
 * favorites does not reshuffle them. Places still empty are filled from the ranking as it is now,
 * after the kept ones: someone who first came with no favorites (the dashboard asks on their first
 * page) gets matches as soon as they have some, rather than none until tomorrow. Concurrent visits
 * keep one choice: a row is replaced only if it is still what was read. `kept` is today's row as
 * read with the viewer's access (null: none yet today); nothing is written when the choice stands.
 */
async function dailyMatchIds(deps: AppDeps, userId: string, kept: string[] | null, stamp: EpochStamp | null): Promise<string[]> {
  const { db } = deps.database;
  const keptIds = kept ?? [];
  if (keptIds.length >= FREE_MATCHES_PER_DAY) return keptIds;
  // Start at the limit: the ranking alone, no cards.
  const limit = FREE_MATCHES_PER_DAY + keptIds.length;
  const { matches } = await rankedPage(db, userId, { limit, start: limit }, stamp);
  const ids = [...keptIds, ...matches.map((m) => m.userId).filter((id) => !keptIds.includes(id))].slice(0, FREE_MATCHES_PER_DAY);
  if (kept && ids.length === keptIds.length) return keptIds;
  const today = sql`(now() at time zone 'UTC')::date`;
  const [stored] = await queryRows<{ ids: string[] }>(
    db,
    sql`INSERT INTO match_daily (user_id, day, match_ids)
        VALUES (${userId}, ${today}, ${textArray(ids)})
        ON CONFLICT (user_id) DO UPDATE SET day = EXCLUDED.day, match_ids = EXCLUDED.match_ids, created_at = now()
          WHERE match_daily.day <> EXCLUDED.day OR match_daily.match_ids = ${textArray(keptIds)}
        RETURNING match_ids AS ids`,
  );
  if (stored) return stored.ids;
  const [other] = await queryRows<{ ids: string[] }>(db, sql`SELECT match_ids AS ids FROM match_daily WHERE user_id = ${userId}`);
  return other?.ids ?? ids;
}

/** Cards for ranked users: who they are, up to 5 shared titles, why (rating gap, genres), following. */
function describe({ people: byUser, viewerGenres }: PageResult, ranked: Ranked[]): Match[] {
  const mine = new Set(viewerGenres);
  return ranked.flatMap((r) => {
    const person = byUser.get(r.userId);
    if (!person || person.sharedTitles === 0) return [];
    return [
      {
        user: { id: person.id, username: person.username ?? '', fullName: person.fullName, avatarUrl: person.avatarUrl, isDemo: person.isDemo },
        matchPercentage: r.pct,
        sharedFavoritesCount: r.shared,
        sharedFavorites: person.shared.map((t) => ({ mediaType: t.mediaType, mediaId: t.mediaId, title: t.title, posterPath: t.posterPath })),
        genres: person.genres,
        sharedGenres: person.genres.filter((g) => mine.has(g)),
        ratingGap: person.ratingGap,
        boosted: r.boosted,
        isFollowing: person.following,
        isMuted: person.muted,
      },
    ];
  });
}

interface BoostRow {
  boost_expires_at: Date | string | null;
  last_boost_used_at: Date | string | null;
  now: Date | string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function boostState(row: BoostRow): BoostState {
  const now = new Date(row.now).getTime();
  const active = row.boost_expires_at !== null && new Date(row.boost_expires_at).getTime() > now;
  const cooling = row.last_boost_used_at !== null && new Date(row.last_boost_used_at).getTime() + BOOST_COOLDOWN_MS > now;
  return {
    boostExpiresAt: active ? iso(row.boost_expires_at) : null,
    lastBoostUsedAt: iso(row.last_boost_used_at),
    canBoost: !active && !cooling,
    serverNow: new Date(now).toISOString(),
  };
}

/** Boost states of the members asking in one event-loop turn, in one statement (decision 022). */
const loadBoost = batchedRead<string, BoostRow | null>(
  async (db, ids) => {
    const rows = await queryRows<BoostRow & { id: string }>(
      db,
      sql`SELECT id, boost_expires_at, last_boost_used_at, now() AS now FROM profiles WHERE id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json))`,
    );
    return new Map(rows.map((r) => [r.id, r]));
  },
  () => null,
);

export async function getBoost(deps: AppDeps, userId: string): Promise<BoostState> {
  const row = await loadBoost(deps.database.db, userId);
  if (!row) throw errors.notFound('Profile not found');
  return boostState(row);
}

/**
 * Ruling 1: premium users and admins (both premium by ruling 4) boost their own profile for 48 hours,
 * once per 7 days from last_boost_used_at. The database's clock decides, and one conditional UPDATE
 * decides between concurrent boosts: the row lock makes the second re-check and find it boosted.
 */
export async function boost(deps: AppDeps, viewer: AuthedUser): Promise<BoostState> {
  const { db } = deps.database;
  const access = await loadAccess(db, viewer, deps.config.auth.ownerEmail);
  if (!access.isPremium) throw new AppError(403, 'premium_required', matchMessages.boostPremiumOnly);
  const [row] = await queryRows<BoostRow>(
    db,
    sql`UPDATE profiles SET boost_expires_at = now() + ${`${BOOST_MS} milliseconds`}::interval, last_boost_used_at = now(), updated_at = now()
        WHERE id = ${viewer.id}
          AND (boost_expires_at IS NULL OR boost_expires_at <= now())
          AND (last_boost_used_at IS NULL OR last_boost_used_at + ${`${BOOST_COOLDOWN_MS} milliseconds`}::interval <= now())
        RETURNING boost_expires_at, last_boost_used_at, now() AS now`,
  );
  if (row) {
    deps.events.publish({ everyone: true }, { type: 'profile-updated', userId: viewer.id });
    return boostState(row);
  }
  const state = await getBoost(deps, viewer.id);
  if (state.boostExpiresAt) throw new AppError(409, 'already_boosted', matchMessages.alreadyBoosted);
  throw new AppError(409, 'boost_cooldown', matchMessages.cooldown);
}
