import { type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { blockedPeopleOf } from '../safety/service';

/**
 * The match search's two statements (decision 014), prepared once per database: PostgreSQL plans
 * them once per connection instead of on every request (planning the search took ~1 ms of CPU).
 * Both read the viewer's favorites, genres and counts themselves, so a ranking is one round trip
 * and one snapshot.
 */

/** The premium genre filter (spec 001 §5: any selected genre), from a JSON array; empty for none. */
const wantedOf = (genres: SQL) => sql`ARRAY(SELECT json_array_elements_text(${genres}::json))`;
const zero512 = sql.raw(`repeat('0', 512)::bit(512)`);

/**
 * Shared favorite genres of s with the viewer (na.gbits, na.unknown): the known names by one
 * bit_count; names match_genre_bits() does not know, only if the viewer has any, by text.
 */
const sharedGenresOf = (gbits: string, unknown: string) =>
  sql.raw(`(bit_count(s.genre_bits & ${gbits})::integer + CASE WHEN cardinality(${unknown}) = 0 THEN 0
  ELSE (SELECT count(DISTINCT g)::integer FROM unnest(${unknown}) g WHERE g = ANY (s.genres)) END)`);
const sharedGenres = sharedGenresOf('na.gbits', 'na.unknown');
/** The same, with the viewer's values as InitPlan parameters (computed once per statement, no join per row). */
const sharedGenresOnce = sharedGenresOf('(SELECT gbits FROM na)', '(SELECT unknown FROM na)');

/** shared/matches.ts matchPercentage in integers: round(100 × shared ÷ m) is (200 × shared + m) div 2m. */
const pct = (shared: string, t = 'x') => sql.raw(`least(100, (least(${shared}, ${t}.m) * 200 + ${t}.m) / (2 * ${t}.m) + least(10, 2 * ${t}.sg))`);
const pctOf = (t: string) => pct(`${t}.shared`, t);

const viewerPartsOf = (viewer: SQL) => sql`v AS (SELECT coalesce((SELECT favorite_genres FROM profiles WHERE id = ${viewer}), '{}') AS genres),
  mine AS (SELECT f.media_type, f.media_id, h.slot FROM favorites f
           LEFT JOIN match_heavy_titles h ON h.media_type = f.media_type AND h.media_id = f.media_id
           WHERE f.user_id = ${viewer}),
  na AS (SELECT count(*)::integer AS n,
           coalesce(bit_or(set_bit(${zero512}, slot, 1)) FILTER (WHERE slot IS NOT NULL), ${zero512}) AS bits,
           (SELECT match_genre_bits(genres) FROM v) AS gbits, (SELECT match_genres_unknown(genres) FROM v) AS unknown,
           (SELECT genres FROM v) AS genres
         FROM mine),
  blocked(id) AS ${blockedPeopleOf(viewer)}`;

export interface RankRow {
  userId: string;
  n: number;
  shared: number;
  sharedGenres: number;
  boosted: boolean;
  na: number;
  viewerGenres: string[];
}

/**
 * The ranking's first `limit` users, in one pass over match_sigs (decision 014): each visible row's
 * shared count is bit_count(its heavy bits & the viewer's) plus its count of the viewer's light
 * titles (a hash join of the light titles' fans, counted first), so every key is exact and a top-N
 * sort keeps the first ones. The viewer and the blocked people are removed after the sort, from the
 * first `limit` + 1 + (blocked rows): each removed row frees at most one place.
 *
 * The viewer's values (count, bits, genres) are InitPlan parameters, `(SELECT bits FROM na)`,
 * computed once, not a join per row (two nested loops over 100,000 rows before), and the light fans
 * are grouped by `user_id COLLATE "C"` (a byte sort, not the database locale's).
 *
 * FULL JOIN, with a filter that is not strict (coalesce), so that PostgreSQL keeps it a full join,
 * which it can only run as a hash or merge join: the light counts' estimate is always tiny (the
 * viewer's titles are not known when planning), and as a LEFT JOIN it chose a nested loop over
 * them, light rows × users.
 */
export function rankQuery(viewer: SQL, limit: SQL, genres: SQL): SQL {
  return sql`(WITH ${viewerPartsOf(viewer)},
    w AS (SELECT ${wantedOf(genres)} AS g),
    light AS MATERIALIZED (SELECT f.user_id COLLATE "C" AS user_id, count(*)::integer AS c FROM favorites f
      JOIN mine m ON m.slot IS NULL AND f.media_type = m.media_type AND f.media_id = m.media_id
      GROUP BY 1),
    boosted AS MATERIALIZED (SELECT id FROM profiles WHERE boost_expires_at > now())
    SELECT t.*, (SELECT n FROM na) AS na, (SELECT genres FROM na) AS viewer_genres FROM (
      SELECT x.* FROM (
          SELECT s.user_id, s.n, bit_count(s.heavy & (SELECT bits FROM na))::integer + coalesce(l.c, 0) AS shared,
            greatest(1, least((SELECT n FROM na), s.n)) AS m, ${sharedGenresOnce} AS sg, s.user_id IN (SELECT id FROM boosted) AS boosted
          FROM match_sigs s FULL JOIN light l ON l.user_id = s.user_id
          WHERE coalesce(s.visible, false) AND (cardinality((SELECT g FROM w)) = 0 OR s.genres && (SELECT g FROM w)) OFFSET 0) x
      WHERE x.shared > 0
      ORDER BY x.boosted DESC, ${pct('x.shared')} DESC, x.shared DESC, x.user_id COLLATE "C"
      LIMIT ${limit} + 1 + (SELECT count(*) FROM blocked)) t
    WHERE t.user_id <> ${viewer} AND t.user_id NOT IN (SELECT id FROM blocked)
    ORDER BY t.boosted DESC, ${pctOf('t')} DESC, t.shared DESC, t.user_id COLLATE "C" LIMIT ${limit}) r`;
}

function rankStatementFor(db: Database) {
  const query = rankQuery(sql`${sql.placeholder('viewer')}::text`, sql`${sql.placeholder('limit')}::integer`, sql`${sql.placeholder('genres')}`);
  return db.select(rankedColumns()).from(query).prepare('match_rank');
}

/** The columns both ranking statements answer, from their subquery `r`. */
export const rankedColumns = () => ({
  userId: sql<string>`r.user_id`,
  n: sql<number>`r.n`,
  shared: sql<number>`r.shared`,
  sharedGenres: sql<number>`r.sg`,
  boosted: sql<boolean>`r.boosted`,
  na: sql<number>`r.na`,
  viewerGenres: sql<string[]>`r.viewer_genres`,
});

/**
 * Only the users listed (a free user's three of the day, a JSON array): their shared counts by
 * joining the viewer's titles' fans among them, which is a few index probes per title.
 */
export function rankUsersQuery(viewer: SQL, users: SQL, genres: SQL): SQL {
  return sql`(WITH ${viewerPartsOf(viewer)},
    w AS (SELECT ${wantedOf(genres)} AS g),
    c AS (SELECT f.user_id, count(*)::integer AS shared FROM favorites f JOIN mine m ON f.media_type = m.media_type AND f.media_id = m.media_id
          WHERE f.user_id IN (SELECT json_array_elements_text(${users}::json)) GROUP BY f.user_id)
    SELECT s.user_id, p.favorites_count AS n, c.shared, x.sg, coalesce(p.boost_expires_at > now(), false) AS boosted, na.n AS na, na.genres AS viewer_genres
    FROM c JOIN match_sigs s ON s.user_id = c.user_id JOIN profiles p ON p.id = c.user_id CROSS JOIN na CROSS JOIN w
      CROSS JOIN LATERAL (SELECT ${sharedGenres} AS sg) x
    WHERE s.visible AND s.user_id <> ${viewer} AND s.user_id NOT IN (SELECT id FROM blocked) AND (cardinality(w.g) = 0 OR s.genres && w.g)) r`;
}

function rankUsersStatementFor(db: Database) {
  const query = rankUsersQuery(sql`${sql.placeholder('viewer')}::text`, sql`${sql.placeholder('users')}`, sql`${sql.placeholder('genres')}`);
  return db.select(rankedColumns()).from(query).prepare('match_rank_users');
}

export const rankStatement = preparedPerDatabase(rankStatementFor);
export const rankUsersStatement = preparedPerDatabase(rankUsersStatementFor);

/** A match_sigs row as the server's copy reads it (sig-mirror.ts SigRow): bits as varbit_send(heavy) || varbit_send(genre_bits), base64. */
const sigBits = (t: string) => sql.raw(`encode(varbit_send(${t}.heavy) || varbit_send(${t}.genre_bits), 'base64')`);
const sigUnknown = (t: string) => sql.raw(`CASE WHEN bit_count(${t}.genre_bits) = cardinality(${t}.genres) THEN NULL ELSE match_genres_unknown(${t}.genres) END`);

/** Every match_sigs row for a server's copy (decision 091); run in a repeatable-read transaction with the snapshot read beside it. */
export const allSigsQuery = sql`SELECT s.user_id AS "userId", s.n, s.visible, ${sigBits('s')} AS bits, ${sigUnknown('s')} AS unknown FROM match_sigs s`;

/** Rows written, and rows deleted, by transactions the snapshot `old` did not see (the stamp's index, then the snapshot's test). */
const notSeenBy = (t: string) => sql.raw(`${t}.changed >= pg_snapshot_xmin(o.s) AND NOT pg_visible_in_snapshot(${t}.changed, o.s)`);

/**
 * Everything the searches of one event-loop turn on a server's copy of match_sigs need that the copy
 * (as the snapshot `since` saw it) cannot know, in one statement and so one snapshot (decision 091).
 * A row per asked key k(viewer, genres, ord): the viewer's count, bits and genres, the premium filter
 * as bits, a fan of the viewer's light titles per favorite, and the blocked. Once, on the first row:
 * the boosted, the rows written and deleted since `since`, whether the copy may have missed a
 * deletion (`reload`: the tombstones were pruned, or match_sigs truncated, after it), and this snapshot.
 */
export function mirrorSearchQuery(viewers: SQL, genres: SQL, since: SQL): SQL {
  const viewer = sql`k.viewer`;
  return sql`(SELECT k.ord, v.*, CASE WHEN k.ord = 1 THEN o.boosted END AS boosted, CASE WHEN k.ord = 1 THEN o.changed END AS changed,
      CASE WHEN k.ord = 1 THEN o.gone END AS gone, o.reload, o.snap
    FROM unnest(${viewers}::text[], ${genres}::text[]) WITH ORDINALITY AS k(viewer, genres, ord)
    CROSS JOIN LATERAL (WITH ${viewerPartsOf(viewer)}, w AS (SELECT ${wantedOf(sql`k.genres`)} AS g)
      SELECT (SELECT n FROM na) AS na, (SELECT genres FROM na) AS viewer_genres,
        (SELECT encode(varbit_send(bits) || varbit_send(gbits), 'base64') FROM na) AS viewer_bits, (SELECT unknown FROM na) AS viewer_unknown,
        (SELECT encode(varbit_send(${zero512}) || varbit_send(match_genre_bits(g)), 'base64') FROM w) AS wanted_bits,
        (SELECT match_genres_unknown(g) FROM w) AS wanted_unknown, (SELECT cardinality(g) FROM w) AS wanted_count,
        (SELECT array_to_json(coalesce(array_agg(f.user_id), '{}')) FROM favorites f
          JOIN mine m ON m.slot IS NULL AND f.media_type = m.media_type AND f.media_id = m.media_id) AS light,
        ARRAY(SELECT id FROM blocked) AS blocked) v
    CROSS JOIN (WITH o AS (SELECT ${since}::pg_snapshot AS s)
      SELECT ARRAY(SELECT id FROM profiles WHERE boost_expires_at > now()) AS boosted,
        (SELECT coalesce(json_agg(json_build_object('userId', s.user_id, 'n', s.n, 'visible', s.visible, 'bits', ${sigBits('s')}, 'unknown', ${sigUnknown('s')})), '[]'::json)
          FROM match_sigs s, o WHERE ${notSeenBy('s')}) AS changed,
        ARRAY(SELECT g.user_id FROM match_sigs_gone g, o WHERE ${notSeenBy('g')} AND NOT EXISTS (SELECT 1 FROM match_sigs s WHERE s.user_id = g.user_id)) AS gone,
        coalesce((SELECT NOT pg_visible_in_snapshot(h.xid, o.s) FROM match_sigs_horizon h, o WHERE h.id = 1), true) AS reload,
        pg_current_snapshot()::text AS snap) o) r`;
}

/** One asked key's row; the shared part (boosted, changed, gone) only on the first. */
export interface MirrorSearchRow {
  ord: number;
  na: number;
  viewerGenres: string[];
  viewerBits: string;
  viewerUnknown: string[];
  wantedBits: string;
  wantedUnknown: string[];
  wantedCount: number;
  light: string[];
  blocked: string[];
  boosted: string[] | null;
  changed: { userId: string; n: number; visible: boolean; bits: string; unknown: string[] | null }[] | null;
  gone: string[] | null;
  reload: boolean;
  snap: string;
}

function mirrorSearchStatementFor(db: Database) {
  const query = mirrorSearchQuery(sql`${sql.placeholder('viewers')}`, sql`${sql.placeholder('genres')}`, sql`${sql.placeholder('since')}::text`);
  return db
    .select({
      ord: sql<number>`r.ord::integer`,
      na: sql<number>`r.na`,
      viewerGenres: sql<string[]>`r.viewer_genres`,
      viewerBits: sql<string>`r.viewer_bits`,
      viewerUnknown: sql<string[]>`r.viewer_unknown`,
      wantedBits: sql<string>`r.wanted_bits`,
      wantedUnknown: sql<string[]>`r.wanted_unknown`,
      wantedCount: sql<number>`r.wanted_count`,
      light: sql<string[]>`r.light`,
      blocked: sql<string[]>`r.blocked`,
      boosted: sql<string[] | null>`r.boosted`,
      changed: sql<MirrorSearchRow['changed']>`r.changed`,
      gone: sql<string[] | null>`r.gone`,
      reload: sql<boolean>`r.reload`,
      snap: sql<string>`r.snap`,
    })
    .from(query)
    .prepare('match_mirror_search');
}

export const mirrorSearchStatement = preparedPerDatabase(mirrorSearchStatementFor);
