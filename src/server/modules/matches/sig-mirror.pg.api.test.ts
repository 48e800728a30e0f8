import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/harness';
import { rankMatches, toRanked } from './ranking';
import { generationFor } from './sig-generations';
import { rankStatement } from './statements';

// Decision 091 on PostgreSQL, where writers run beside the search: a transaction still open when the
// copy took its snapshot is in that snapshot's list of running transactions, so its rows are read
// by the first search after it commits, even though the copy moved on in between.

let handle: DatabaseHandle;
let writer: pg.Client;

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, username)
    SELECT 'p' || n, 'User ' || n, 'p' || n || '@example.com', true, 'pmember_' || n FROM generate_series(1, 60) n`);
  await db.execute(sql`INSERT INTO profiles (id) SELECT 'p' || n FROM generate_series(1, 60) n`);
  await db.execute(sql`
    INSERT INTO favorites (user_id, media_type, media_id, title, user_rating)
    SELECT 'p' || n, 'movie', t, 'Title ' || t, 3 FROM generate_series(1, 60) n CROSS JOIN generate_series(1, 8) t WHERE (n + t) % 3 = 0`);
  writer = new pg.Client({ connectionString: String(handle.pool!.options.connectionString) });
  await writer.connect();
}, 60_000);

afterAll(async () => {
  await writer?.end();
  await handle?.close();
});

describe("the server's copy of match_sigs beside an open transaction", () => {
  it('reads the rows of a transaction that was running when the copy took its snapshot, once it commits', async () => {
    const viewer = 'p3';
    const ranked = async () => (await rankMatches(handle.db, viewer, { limit: 5 })).matches;
    expect((await ranked()).length).toBeGreaterThan(0);
    const first = generationFor(handle.db)!;

    // p1 takes every title of the viewer's, in a transaction left open.
    await writer.query('BEGIN');
    await writer.query(
      `INSERT INTO favorites (user_id, media_type, media_id, title, user_rating)
      SELECT 'p1', media_type, media_id, title, 5 FROM favorites WHERE user_id = $1 ON CONFLICT DO NOTHING`,
      [viewer],
    );
    // Many other writes commit meanwhile, so the next search makes a new generation whose snapshot sees p1's transaction running.
    await handle.db.execute(sql`UPDATE profiles SET favorite_genres = '{Drama}' WHERE id IN (SELECT 'p' || n FROM generate_series(10, 59) n)`);
    expect((await ranked())[0]?.userId).not.toBe('p1');
    expect(generationFor(handle.db)).not.toBe(first);

    await writer.query('COMMIT');
    const after = await ranked();
    expect(after[0]?.userId).toBe('p1');
    expect(after).toEqual((await rankStatement(handle.db).execute({ viewer, limit: 5, genres: '[]' })).map(toRanked));
  });
});
