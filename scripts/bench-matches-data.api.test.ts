import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../src/server/db/client';
import { rebalanceMatchTitles } from '../src/server/modules/matches/ranking';
import { createTestDatabase } from '../src/server/test/harness';
import { generateMatchData, MATCH_FAVORITES_PER_USER, matchDataDrift, matchMemberId } from './bench-matches-data';
import { drawFavorites } from './bench-matches-draw';

// The match bench's data set (decision 014): loaded with COPY into the bare favorites table, then
// everything the triggers keep computed once. The bench checks the drift on every run; this checks
// the loader itself, on both databases, at a small size.

const USERS = 300;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await generateMatchData(handle, USERS);
  await rebalanceMatchTitles(handle.db, 40, 5);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

describe('the match bench data set', () => {
  it('holds every drawn favorite, and what the triggers keep equals a recount from them', async () => {
    const [counts] = await queryRows<{ users: number; favorites: number; sigs: number; heavy: number }>(
      handle.db,
      sql`SELECT (SELECT count(*)::int FROM "user") AS users, (SELECT count(*)::int FROM favorites) AS favorites,
                 (SELECT count(*)::int FROM match_sigs) AS sigs, (SELECT count(*)::int FROM match_heavy_titles) AS heavy`,
    );
    expect(counts).toEqual({ users: USERS, favorites: USERS * MATCH_FAVORITES_PER_USER, sigs: USERS, heavy: 40 });
    expect(await matchDataDrift(handle)).toBe(0);
  });

  it('writes each member the titles and ratings of their draw, under an id whose text order is their number', async () => {
    for (const n of [1, 9, 10, 150, USERS]) {
      const rows = await queryRows<{ media_id: number; user_rating: number }>(
        handle.db,
        sql`SELECT media_id, user_rating FROM favorites WHERE user_id = ${matchMemberId(n, USERS)} ORDER BY media_id`,
      );
      const drawn = drawFavorites(n);
      expect(rows.map((r) => r.media_id)).toEqual([...drawn.titles]);
      expect(rows.map((r) => r.user_rating)).toEqual([...drawn.ratings]);
    }
    const ids = await queryRows<{ id: string }>(handle.db, sql`SELECT id FROM "user" ORDER BY id`);
    expect(ids.map((r) => r.id)).toEqual(Array.from({ length: USERS }, (_, i) => matchMemberId(i + 1, USERS)));
  });
});
