import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/harness';

// Runs in the api-postgres project only (*.pg.api.test.ts): two connections writing at once.
describe('title_fans in shards (decision 014, amendment 3)', () => {
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  beforeAll(async () => {
    handle = await createTestDatabase();
    pool = handle.pool!;
    // Ids ending in 0, 1 and 2 fall in shards 0, 1 and 2 (the low bits of the last character).
    await pool.query(`INSERT INTO "user" (id, name, email, email_verified, username)
      SELECT id, id, id || '@fans.example', true, id FROM unnest(ARRAY['fan00', 'fan01', 'fan02']) id`);
    await pool.query(`INSERT INTO profiles (id) SELECT unnest(ARRAY['fan00', 'fan01', 'fan02'])`);
  });
  afterAll(() => handle.close());

  const favorite = (client: pg.ClientBase | pg.Pool, userId: string) =>
    client.query(`INSERT INTO favorites (user_id, media_type, media_id, title, user_rating) VALUES ($1, 'movie', 550, 'Fight Club', 5)`, [userId]);
  const fans = async () => (await pool.query<{ fans: number }>(`SELECT fans FROM title_fans WHERE media_type = 'movie' AND media_id = 550`)).rows[0]?.fans ?? 0;

  it('lets two fans favorite the same title at once without one waiting for the other to commit', async () => {
    const first = await pool.connect();
    const second = await pool.connect();
    try {
      await first.query('BEGIN');
      await favorite(first, 'fan00');
      // With one row a title, this insert waited on the first one's lock until it committed.
      await second.query(`SET lock_timeout = '2s'`);
      const started = performance.now();
      await favorite(second, 'fan01');
      expect(performance.now() - started).toBeLessThan(1_000);
      await first.query('COMMIT');
    } finally {
      await first.query('ROLLBACK').catch(() => {});
      first.release();
      second.release();
    }
    expect(await fans()).toBe(2);
  });

  it('keeps every shard and the title_fans view equal to a recount through inserts and deletes', async () => {
    await favorite(pool, 'fan02');
    await pool.query(`DELETE FROM favorites WHERE user_id = 'fan00' AND media_id = 550`);
    expect(await fans()).toBe(2);
    const shards = await pool.query<{ shard: number; fans: number }>(`SELECT shard, fans FROM title_fan_shards WHERE media_type = 'movie' AND media_id = 550 ORDER BY shard`);
    expect(shards.rows).toEqual([
      { shard: 0, fans: 0 },
      { shard: 1, fans: 1 },
      { shard: 2, fans: 1 },
    ]);
    const drift = await pool.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM title_fan_shards s
         FULL JOIN (SELECT media_type, media_id, title_fan_shard(user_id) AS shard, count(*)::integer AS fans FROM favorites GROUP BY 1, 2, 3) f
         USING (media_type, media_id, shard)
       WHERE coalesce(s.fans, 0) <> coalesce(f.fans, 0)`,
    );
    expect(drift.rows[0]!.n).toBe(0);
  });
});
