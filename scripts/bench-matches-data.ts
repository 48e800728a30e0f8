/**
 * The match bench's data set (decision 014): `users` users × 50 distinct favorites, drawn by
 * bench-matches-draw.ts and loaded with COPY, each user's favorite genres each with probability 0.3.
 * Seeded, so the same data on every run.
 *
 * The old generator (JSON chunks through the per-row activity trigger, every index and key checked
 * row by row) took 151 s for 20,000 users; see generateMatchData for how this one loads.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type DatabaseHandle, queryRows } from '../src/server/db/client';
import { loadFavorites } from './bench-matches-draw';

export { MATCH_FAVORITES_PER_USER, MATCH_TITLES, matchMemberId } from './bench-matches-draw';

const MATCH_GENRES = ['Action', 'Comedy', 'Drama', 'Horror', 'Romance', 'Thriller'];

const genreArray = sql.raw(`ARRAY[${MATCH_GENRES.map((g) => `'${g}'`).join(', ')}]::text[]`);

const memberIdSql = (n: SQL, users: number) => sql`'u' || lpad(${n}::text, ${String(users).length}::integer, '0')`;

/**
 * favorites' constraints and indexes, and the foreign keys that point at it, to drop before the load
 * and restore after. Restored in two steps: every index first (a primary key's or unique
 * constraint's too, as `pg_get_indexdef` gives it), which can be built side by side, since CREATE
 * INDEX takes a SHARE lock; then the constraints, a key attached to its index already built
 * (`USING INDEX`), the foreign keys checked.
 */
async function favoritesKeys(handle: DatabaseHandle) {
  const constraints = await queryRows<{ drop: string; index: string | null; restore: string; referencing: boolean }>(
    handle.db,
    sql`SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname) AS drop,
          CASE WHEN contype IN ('p', 'u') THEN pg_get_indexdef(conindid) END AS index,
          CASE WHEN contype IN ('p', 'u')
            THEN format('ALTER TABLE %s ADD CONSTRAINT %I %s USING INDEX %I', conrelid::regclass, conname, CASE contype WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END, conname)
            ELSE format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid)) END AS restore,
          conrelid <> 'favorites'::regclass AS referencing
        FROM pg_constraint
        WHERE (conrelid = 'favorites'::regclass AND contype IN ('p', 'u', 'f')) OR (confrelid = 'favorites'::regclass AND contype = 'f')
        ORDER BY conrelid <> 'favorites'::regclass DESC, contype = 'f' DESC, conname`,
  );
  const indexes = await queryRows<{ drop: string; restore: string }>(
    handle.db,
    sql`SELECT format('DROP INDEX %I.%I', schemaname, indexname) AS drop, indexdef AS restore FROM pg_indexes
        WHERE tablename = 'favorites' AND schemaname = current_schema()
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'favorites'::regclass)`,
  );
  // Dropped: referencing keys first, then favorites' own foreign keys, its keys, its indexes; restored in the reverse order.
  return {
    drops: [...constraints, ...indexes].map((c) => c.drop),
    indexes: [...indexes.map((i) => i.restore), ...constraints.flatMap((c) => (c.index ? [c.index] : []))],
    constraints: constraints.map((c) => c.restore).reverse(),
  };
}

/**
 * Users u1..u<users>, verified, with profiles (genres) and favorites, on an empty database; then the
 * caller rebalances (match_sigs' heavy bits). The favorites are loaded into the bare table (its
 * indexes, keys and user triggers set aside, as a restore does) and everything the favorites triggers
 * keep is then computed once from the table: title_fans, profiles.favorites_count and match_sigs.n
 * (its heavy bits are all zero while no title is heavy, which is what the trigger writes). No
 * activity rows, as for a bulk import. `matchDataDrift` checks the result.
 *
 * Three steps: (1) users, favorites made bare, in one transaction; (2) the favorites copied in one
 * stream, in (user, title) order, then favorites' indexes built side by side (two of them find
 * their input sorted); (3) its constraints, then side by side title_fans and the
 * profiles with their favorites count and their match_sigs rows, each written once (the profile
 * insert's match_sigs trigger set aside: it would write each row three times). The database is a scratch one: a failure half-way leaves it for the caller to drop.
 */
export async function generateMatchData(handle: DatabaseHandle, users: number, log?: (line: string) => void): Promise<void> {
  let lapStarted = performance.now();
  const laps: string[] = [];
  const lap = (what: string) => {
    laps.push(`${what} ${((performance.now() - lapStarted) / 1000).toFixed(1)} s`);
    lapStarted = performance.now();
  };
  const keys = await favoritesKeys(handle);
  await handle.db.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement));
    await tx.execute(
      sql`INSERT INTO "user" (id, name, email, email_verified, username)
          SELECT id, 'U' || n, id || '@b.example', true, id FROM generate_series(1, ${users}::integer) n, LATERAL (SELECT ${memberIdSql(sql`n`, users)} AS id) m`,
    );
    for (const statement of keys.drops) await run(statement);
    await run('ALTER TABLE favorites DISABLE TRIGGER USER');
  });
  lap('users');
  await loadFavorites(handle, users);
  lap('favorites');
  await Promise.all(
    keys.indexes.map((statement) =>
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('maintenance_work_mem', '256MB', true)`);
        await tx.execute(sql.raw(statement));
      }),
    ),
  );
  lap('indexes');
  await handle.db.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement));
    await run('ALTER TABLE favorites ENABLE TRIGGER USER');
    for (const statement of keys.constraints) await run(statement);
  });
  // The fans per title, and beside them the profiles with their count and match_sigs from them (what
  // its profile insert trigger would write, plus the count: heavy bits stay zero until the
  // rebalance), each row written once.
  const fans = handle.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO title_fan_shards AS tf (media_type, media_id, shard, fans)
      SELECT media_type, media_id, title_fan_shard(user_id), count(*)::integer FROM favorites GROUP BY 1, 2, 3
      ON CONFLICT (media_type, media_id, shard) DO UPDATE SET fans = EXCLUDED.fans`);
  });
  const members = handle.db.transaction(async (tx) => {
    const run = (statement: string) => tx.execute(sql.raw(statement));
    await tx.execute(sql`SELECT setseed(0.14)`);
    await run('ALTER TABLE profiles DISABLE TRIGGER profiles_match_sigs_insert');
    await tx.execute(
      sql`INSERT INTO profiles (id, favorite_genres, favorites_count)
          SELECT ${memberIdSql(sql`i`, users)}, ARRAY(SELECT g FROM unnest(${genreArray}) g WHERE i > 0 AND random() < 0.3), coalesce(c.n, 0)
          FROM generate_series(1, ${users}::integer) i LEFT JOIN (SELECT user_id, count(*)::integer AS n FROM favorites GROUP BY user_id) c ON c.user_id = ${memberIdSql(sql`i`, users)}
          ORDER BY i`,
    );
    await run('ALTER TABLE profiles ENABLE TRIGGER profiles_match_sigs_insert');
    await tx.execute(
      sql`INSERT INTO match_sigs (user_id, n, visible, genres, genre_bits)
          SELECT p.id, p.favorites_count, u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites, p.favorite_genres, match_genre_bits(p.favorite_genres)
          FROM profiles p JOIN "user" u ON u.id = p.id`,
    );
  });
  lap('keys');
  await Promise.all([fans, members]);
  lap('title fans, profiles and match_sigs');
  log?.(`generation: ${laps.join(', ')}`);
}

/**
 * Rows of the tables kept by triggers that differ from a recount from favorites, profiles and user
 * (title_fan_shards, profiles.favorites_count, match_sigs: count, heavy bits, visibility, genres): 0 when
 * the bulk load left what the triggers keep.
 */
export async function matchDataDrift(handle: DatabaseHandle): Promise<number> {
  const zero = sql.raw(`repeat('0', 512)::bit(512)`);
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`WITH per_user AS (SELECT f.user_id, count(*)::integer AS n, coalesce(bit_or(set_bit(${zero}, h.slot, 1)) FILTER (WHERE h.slot IS NOT NULL), ${zero}) AS bits
                          FROM favorites f LEFT JOIN match_heavy_titles h USING (media_type, media_id) GROUP BY f.user_id),
             per_shard AS (SELECT media_type, media_id, title_fan_shard(user_id) AS shard, count(*)::integer AS fans FROM favorites GROUP BY 1, 2, 3)
        SELECT ((SELECT count(*) FROM per_shard t FULL JOIN (SELECT * FROM title_fan_shards WHERE fans > 0) tf USING (media_type, media_id, shard) WHERE t.fans IS DISTINCT FROM tf.fans)
          + (SELECT count(*) FROM match_sigs s JOIN profiles p ON p.id = s.user_id JOIN "user" u ON u.id = s.user_id LEFT JOIN per_user c ON c.user_id = s.user_id
             WHERE s.n <> coalesce(c.n, 0) OR p.favorites_count <> coalesce(c.n, 0) OR s.heavy <> coalesce(c.bits, ${zero})
                OR s.visible <> (u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites)
                OR s.genres <> p.favorite_genres OR s.genre_bits <> match_genre_bits(p.favorite_genres))
          + (SELECT count(*) FROM profiles p WHERE NOT EXISTS (SELECT 1 FROM match_sigs s WHERE s.user_id = p.id)))::integer AS n`,
  );
  return row?.n ?? -1;
}
