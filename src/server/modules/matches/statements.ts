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
