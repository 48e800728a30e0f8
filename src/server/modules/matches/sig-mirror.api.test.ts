import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { createTestDatabase } from '../../test/harness';
import { tastes } from '../demo/population';
import { rankMatches, rebalanceMatchTitles, toRanked } from './ranking';
import { pruneMatchSigsGone } from './rebalancer';
import { generationFor } from './sig-generations';
import { rankStatement } from './statements';

// Decision 091: the match search on the server's copy of match_sigs, kept exact by reading the rows
// written since the copy's snapshot. Each case compares it with the SQL statement, which scores in
// the database itself (and which ranking.api.test.ts holds to a plain reference).

const USERS = 400;
let handle: DatabaseHandle;
const id = (n: number) => `m${String(n).padStart(4, '0')}`;

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, username)
    SELECT 'm' || lpad(n::text, 4, '0'), 'User ' || n, 'm' || n || '@example.com', true, 'member_' || n FROM generate_series(1, ${USERS}) n`);
  await db.execute(sql`
    INSERT INTO profiles (id, favorite_genres) SELECT 'm' || lpad(n::text, 4, '0'), CASE WHEN n % 3 = 0 THEN '{Drama,Comedy}'::text[] ELSE '{Horror}' END
    FROM generate_series(1, ${USERS}) n`);
  const picks: { u: string; i: number; r: number }[] = [];
  for (const taste of tastes({ users: USERS, seed: 'mirror', titles: 300, favoritesPerUser: { min: 3, max: 30 } }))
    for (const f of taste.favorites) picks.push({ u: id(taste.user + 1), i: f.rank, r: f.rating });
  await db.execute(sql`
    INSERT INTO favorites (user_id, media_type, media_id, title, user_rating)
    SELECT u, 'movie', i, 'Title ' || i, r FROM json_to_recordset(${JSON.stringify(picks)}::json) AS x(u text, i int, r int)`);
  await rebalanceMatchTitles(db, 40, 1);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

const viewers = [id(1), id(2), id(50), id(123), id(399)];

async function expectSameAsSql(label: string, limit = 21) {
  for (const viewer of viewers) {
    const inDatabase = (await rankStatement(handle.db).execute({ viewer, limit, genres: '[]' })).map(toRanked);
    const got = await rankMatches(handle.db, viewer, { limit });
    expect(got.matches, `${label}: ${viewer}`).toEqual(inDatabase);
    expect(inDatabase.length, `${label}: ${viewer} has matches`).toBeGreaterThan(0);
  }
}

describe("the match search on the server's copy of match_sigs", () => {
  it('answers as the SQL statement does, and keeps its copy while few rows change', async () => {
    await expectSameAsSql('first');
    const gen = generationFor(handle.db);
    expect(gen?.count).toBe(USERS);
    // A few favorites and a genre change: laid over the copy, which stays the same generation.
    await handle.db.execute(
      sql`INSERT INTO favorites (user_id, media_type, media_id, title, user_rating) VALUES (${id(7)}, 'movie', 1, 'Title 1', 5), (${id(7)}, 'movie', 299, 'Title 299', 5) ON CONFLICT DO NOTHING`,
    );
    await handle.db.execute(sql`UPDATE profiles SET favorite_genres = '{Drama,Comedy,Horror}' WHERE id = ${id(8)}`);
    await expectSameAsSql('after a few writes');
    expect(generationFor(handle.db)).toBe(gen);
  });

  it('makes a new generation after many writes, with a new member among them', async () => {
    const before = generationFor(handle.db)!;
    await handle.db.execute(sql`UPDATE profiles SET favorite_genres = '{Drama}' WHERE id IN (SELECT 'm' || lpad(n::text, 4, '0') FROM generate_series(100, 180) n)`);
    await handle.db.execute(sql`INSERT INTO "user" (id, name, email, email_verified, username) VALUES ('m9999', 'New', 'm9999@example.com', true, 'member_new')`);
    await handle.db.execute(sql`INSERT INTO profiles (id) VALUES ('m9999')`);
    await handle.db.execute(
      sql`INSERT INTO favorites (user_id, media_type, media_id, title, user_rating) SELECT 'm9999', 'movie', media_id, title, 4 FROM favorites WHERE user_id = ${viewers[0]!}`,
    );
    await expectSameAsSql('after many writes');
    const after = generationFor(handle.db)!;
    expect(after).not.toBe(before);
    expect(after.snap).not.toBe(before.snap);
    expect(after.count).toBe(USERS + 1);
    const top = await rankMatches(handle.db, viewers[0]!, { limit: 1 });
    expect(top.matches[0]?.userId).toBe('m9999');
  });

  it('leaves out a deleted member at once, and reads everything again after the tombstones are pruned', async () => {
    const [first] = (await rankMatches(handle.db, viewers[1]!, { limit: 1 })).matches;
    await handle.db.execute(sql`DELETE FROM "user" WHERE id = ${first!.userId}`);
    await expectSameAsSql('after a deletion');
    expect((await rankMatches(handle.db, viewers[1]!, { limit: 100 })).matches.map((m) => m.userId)).not.toContain(first!.userId);
    const [tomb] = await queryRows<{ n: number }>(handle.db, sql`SELECT count(*)::integer AS n FROM match_sigs_gone WHERE user_id = ${first!.userId}`);
    expect(tomb!.n).toBe(1);

    const kept = generationFor(handle.db);
    expect(await pruneMatchSigsGone(handle.db, 60_000)).toBe(0);
    await expectSameAsSql('after a prune of nothing');
    expect(generationFor(handle.db)).toBe(kept);
    expect(await pruneMatchSigsGone(handle.db, 0)).toBe(1);
    await expectSameAsSql('after the tombstones were pruned');
    expect(generationFor(handle.db)).not.toBe(kept);
    expect(generationFor(handle.db)!.count).toBe(USERS);
  });

  it('follows a rebalance (every row rewritten) and the premium genre filter', async () => {
    await rebalanceMatchTitles(handle.db, 120, 1);
    await expectSameAsSql('after a rebalance');
    for (const viewer of viewers) {
      const inDatabase = (await rankStatement(handle.db).execute({ viewer, limit: 11, genres: '["Drama"]' })).map(toRanked);
      expect((await rankMatches(handle.db, viewer, { limit: 11, genres: ['Drama'] })).matches).toEqual(inDatabase);
    }
  });
});
