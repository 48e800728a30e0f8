import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAVORITE_GENRE_NAMES } from '../../../shared/settings';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createTestDatabase } from '../../test/harness';
import { tastes } from '../demo/population';
import { rankMatches, rebalanceMatchTitles } from './ranking';
import { MATCH_HEAVY_MIN_FANS, rebalanceNeeded } from './rebalancer';

/**
 * The match ranking (decision 014) against a plain SQL reference that scores every user, on a
 * generated data set: 3,000 users with 1 to 60 favorites drawn from a skewed (Zipf-like) popularity
 * over 1,500 titles by the shared generator (modules/demo/population.ts), some boosted, private,
 * banned, unverified or hiding their favorites.
 */
const USERS = 3000;
const TITLES = 1500;
const GENRES = ['Action', 'Comedy', 'Drama', 'Horror', 'Romance', 'Thriller', 'Documentary', 'Animation'];

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await db.execute(sql`SELECT setseed(0.42)`);
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, username)
    SELECT 'u' || lpad(n::text, 5, '0'), 'User ' || n, 'u' || n || '@example.com', n % 97 <> 0, 'user_' || n
    FROM generate_series(1, ${USERS}) n`);
  await db.execute(sql`
    INSERT INTO profiles (id, favorite_genres, is_private, show_favorites, is_banned, boost_expires_at)
    SELECT 'u' || lpad(n::text, 5, '0'),
      ARRAY(SELECT g FROM unnest(${sql.raw(`ARRAY[${GENRES.map((g) => `'${g}'`).join(',')}]`)}) g WHERE random() < 0.3),
      n % 89 = 0, n % 83 <> 0, n % 79 = 0,
      CASE WHEN n % 211 = 0 THEN now() + interval '1 day' WHEN n % 223 = 0 THEN now() - interval '1 day' END
    FROM generate_series(1, ${USERS}) n`);
  // Favorites from the shared generator (decision 040): 1 to 60 per user (most have few), titles with
  // P(rank) ~ 1/rank over 1,500 titles, every fifth one a series.
  const picks: { u: string; t: string; i: number; r: number }[] = [];
  for (const taste of tastes({ users: USERS, seed: 'ranking', titles: TITLES, favoritesPerUser: { min: 1, max: 60 } })) {
    const id = `u${String(taste.user + 1).padStart(5, '0')}`;
    for (const f of taste.favorites) picks.push({ u: id, t: f.rank % 5 === 0 ? 'tv' : 'movie', i: f.rank, r: f.rating });
  }
  await db.execute(sql`
    INSERT INTO favorites (user_id, media_type, media_id, title, user_rating)
    SELECT u, t, i, 'Title ' || i, r FROM json_to_recordset(${JSON.stringify(picks)}::json) AS x(u text, t text, i int, r int)`);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

interface RefRow {
  user_id: string;
  shared: number;
  pct: number;
  boosted: boolean;
}

/** Every eligible user scored in one plain statement, in the spec's order (spec 001 §4, §9; ruling 19). */
async function reference(viewerId: string, genres: string[] = []): Promise<RefRow[]> {
  const genreFilter = genres.length > 0 ? sql`AND p.favorite_genres && ${sql.raw(`ARRAY[${genres.map((g) => `'${g}'`).join(',')}]::text[]`)}` : sql``;
  return queryRows<RefRow>(
    handle.db,
    sql`WITH me AS (SELECT media_type, media_id FROM favorites WHERE user_id = ${viewerId}),
        na AS (SELECT count(*)::numeric AS n FROM me),
        mg AS (SELECT favorite_genres AS g FROM profiles WHERE id = ${viewerId}),
        c AS (SELECT f.user_id, count(*)::integer AS shared FROM favorites f JOIN me USING (media_type, media_id) WHERE f.user_id <> ${viewerId} GROUP BY f.user_id)
      SELECT c.user_id, c.shared,
        least(100, round(c.shared * 100 / least(na.n, p.favorites_count)) + least(10, 2 * (SELECT count(DISTINCT x) FROM unnest(p.favorite_genres) x WHERE x = ANY (mg.g))))::integer AS pct,
        coalesce(p.boost_expires_at > now(), false) AS boosted
      FROM c CROSS JOIN na CROSS JOIN mg JOIN profiles p ON p.id = c.user_id JOIN "user" u ON u.id = c.user_id
      WHERE u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites ${genreFilter}
      ORDER BY boosted DESC, pct DESC, shared DESC, c.user_id COLLATE "C"`,
  );
}

const viewers = ['u00007', 'u00089', 'u00211', 'u00500', 'u01234', 'u01999', 'u02500', 'u02718', 'u02999', 'u00042', 'u01500', 'u00300'];

describe('match ranking', () => {
  it('has a data set with popular titles and users on both sides of every rule', async () => {
    const [stats] = await queryRows<{ rows: number; top: number; boosted: number }>(
      handle.db,
      sql`SELECT (SELECT count(*)::integer FROM favorites) AS rows, (SELECT max(fans) FROM title_fans) AS top,
            (SELECT count(*)::integer FROM profiles WHERE boost_expires_at > now()) AS boosted`,
    );
    expect(stats!.rows).toBeGreaterThan(40_000);
    expect(stats!.top).toBeGreaterThan(1000);
    expect(stats!.boosted).toBeGreaterThan(10);
  });

  const firstPages = async (label: string, minMatches = 21) => {
    for (const viewer of viewers) {
      const expected = (await reference(viewer)).map((r) => ({ userId: r.user_id, shared: r.shared, pct: r.pct, boosted: r.boosted }));
      expect(expected.length).toBeGreaterThanOrEqual(minMatches);
      for (const limit of [1, 3, 21]) {
        const got = await rankMatches(handle.db, viewer, { limit });
        expect(
          got.matches.map((m) => ({ userId: m.userId, shared: m.shared, pct: m.pct, boosted: m.boosted })),
          `${label}: ${viewer} limit ${limit}`,
        ).toEqual(expected.slice(0, limit));
      }
    }
  };

  it('equals the SQL reference for the first page, whichever titles are counted by bits', async () => {
    // No heavy titles (every title joined fan by fan), a few, and as many as there are slots.
    for (const [slots, minFans] of [
      [0, 1],
      [40, 1],
      [512, 1],
    ] as const) {
      expect(await rebalanceMatchTitles(handle.db, slots, minFans)).toBe(slots);
      await firstPages(`${slots} heavy titles`);
    }
  });

  it('stays equal to the reference after bans, unverified accounts, hidden favorites, boosts and favorites added and removed', async () => {
    await rebalanceMatchTitles(handle.db, 200, 1);
    // The current top matches of a few viewers are the ones whose changes would show.
    const tops = new Set<string>();
    for (const viewer of viewers.slice(0, 6)) for (const r of (await reference(viewer)).slice(0, 4)) tops.add(r.user_id);
    const [a, b, c, d, e, f] = [...tops];
    await handle.db.execute(sql`UPDATE profiles SET is_banned = true WHERE id = ${a!}`);
    await handle.db.execute(sql`UPDATE "user" SET email_verified = false WHERE id = ${b!}`);
    await handle.db.execute(sql`UPDATE profiles SET show_favorites = false WHERE id = ${c!}`);
    await handle.db.execute(sql`UPDATE profiles SET is_private = true WHERE id = ${d!}`);
    await handle.db.execute(sql`UPDATE profiles SET favorite_genres = '{}' WHERE id = ${e!}`);
    // A genre name match_genre_bits() does not know (older data), on viewers and their top matches: counted by text.
    await handle.db.execute(
      sql`UPDATE profiles SET favorite_genres = favorite_genres || '{Cult}' WHERE id IN (${viewers[0]!}, ${viewers[1]!}, ${[...tops][6] ?? a!}, ${[...tops][7] ?? a!}, ${[...tops][8] ?? a!})`,
    );
    // A low-ranked user boosted jumps to the top; an expired boost does not.
    await handle.db.execute(sql`UPDATE profiles SET boost_expires_at = now() + interval '1 hour' WHERE id IN ('u00013', 'u02998')`);
    await handle.db.execute(sql`UPDATE profiles SET boost_expires_at = now() - interval '1 hour' WHERE id = ${f!}`);
    // Popular (heavy) titles removed from one user and added to another, rare ones too.
    await handle.db.execute(sql`DELETE FROM favorites WHERE user_id IN ('u00007', 'u00500') AND media_id IN (SELECT media_id FROM match_heavy_titles WHERE slot < 30)`);
    await handle.db.execute(sql`
      INSERT INTO favorites (user_id, media_type, media_id, title, user_rating)
      SELECT u, h.media_type, h.media_id, 'Title', 3 FROM unnest(ARRAY['u00089', 'u01234', 'u00014']) u
      CROSS JOIN (SELECT media_type, media_id FROM match_heavy_titles WHERE slot < 60 UNION ALL SELECT 'movie', 1400 UNION ALL SELECT 'movie', 1450) h
      ON CONFLICT DO NOTHING`);
    await firstPages('after changes', 0);
    // The unverified user verified again is back.
    await handle.db.execute(sql`UPDATE "user" SET email_verified = true WHERE id = ${b!}`);
    await firstPages('after verifying again', 0);
    const drift = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::integer AS n FROM match_sigs s JOIN profiles p ON p.id = s.user_id JOIN "user" u ON u.id = s.user_id
          WHERE s.n <> (SELECT count(*) FROM favorites f WHERE f.user_id = s.user_id)
             OR s.n <> p.favorites_count
             OR s.visible <> (u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites)
             OR s.genres <> p.favorite_genres
             OR s.genre_bits <> match_genre_bits(p.favorite_genres)
             OR bit_count(s.heavy) <> (SELECT count(*) FROM favorites f JOIN match_heavy_titles h USING (media_type, media_id) WHERE f.user_id = s.user_id)`,
    );
    expect(drift[0]!.n).toBe(0);
  });

  it('gives every name of the genre table its own genre bit (a new name needs a migration of match_genre_bits)', async () => {
    const rows = await queryRows<{ bits: string }>(
      handle.db,
      sql`SELECT match_genre_bits(ARRAY[g])::text AS bits FROM json_array_elements_text(${JSON.stringify(FAVORITE_GENRE_NAMES)}::json) g`,
    );
    expect(rows.map((r) => r.bits.split('1').length - 1)).toEqual(FAVORITE_GENRE_NAMES.map(() => 1));
    expect(new Set(rows.map((r) => r.bits)).size).toBe(FAVORITE_GENRE_NAMES.length);
  });

  it('equals the reference for the whole ranking and under a genre filter', async () => {
    await rebalanceMatchTitles(handle.db, 100, 1);
    for (const viewer of viewers.slice(0, 4)) {
      const expected = await reference(viewer);
      const got = await rankMatches(handle.db, viewer, { limit: 100_000 });
      expect(got.matches.map((m) => m.userId)).toEqual(expected.map((r) => r.user_id));
      const filtered = await reference(viewer, ['Horror', 'Animation']);
      const gotFiltered = await rankMatches(handle.db, viewer, { limit: 41, genres: ['Horror', 'Animation'] });
      expect(gotFiltered.matches.map((m) => [m.userId, m.pct])).toEqual(filtered.slice(0, 41).map((r) => [r.user_id, r.pct]));
    }
  });

  it('asks for a rebalance when popular titles have no bit, and not after one', async () => {
    await rebalanceMatchTitles(handle.db, 0, 1);
    expect(await rebalanceNeeded(handle.db)).toBe(true);
    expect(await rebalanceMatchTitles(handle.db, 512, MATCH_HEAVY_MIN_FANS)).toBeGreaterThan(50);
    expect(await rebalanceNeeded(handle.db)).toBe(false);
  });

  it('keeps title_fans (and each of its shards) equal to the favorites it counts, through inserts and deletes', async () => {
    await handle.db.execute(sql`DELETE FROM favorites WHERE user_id IN ('u00010', 'u00011')`);
    await handle.db.execute(
      sql`INSERT INTO favorites (user_id, media_type, media_id, title, user_rating) VALUES ('u00010', 'movie', 2, 'Title 1', 3), ('u00011', 'movie', 2, 'Title 1', 4)`,
    );
    const drift = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::integer AS n FROM title_fans tf FULL JOIN (SELECT media_type, media_id, count(*)::integer AS fans FROM favorites GROUP BY 1, 2) f USING (media_type, media_id)
          WHERE coalesce(tf.fans, 0) <> coalesce(f.fans, 0)`,
    );
    expect(drift[0]!.n).toBe(0);
    const shardDrift = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::integer AS n FROM title_fan_shards s
            FULL JOIN (SELECT media_type, media_id, title_fan_shard(user_id) AS shard, count(*)::integer AS fans FROM favorites GROUP BY 1, 2, 3) f USING (media_type, media_id, shard)
          WHERE coalesce(s.fans, 0) <> coalesce(f.fans, 0)`,
    );
    expect(shardDrift[0]!.n).toBe(0);
  });
});
