import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchesPage } from '../../../shared/matches';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';

// ADR 087 on two instances of one PostgreSQL, each with its own pool and its own kept pages: a page
// kept on one is read anew after a write made through the other, on its very next request.

type User = Awaited<ReturnType<typeof signUpVerified>>;
let one: TestApp;
let two: TestApp;
let second: DatabaseHandle;

beforeAll(async () => {
  one = await createTestApp();
  second = await openDatabase({ kind: 'postgres', url: String(one.deps.database.pool!.options.connectionString), poolSize: 4 });
  two = await createTestApp({}, { database: second });
}, 60_000);

afterAll(async () => {
  await two?.close();
  await second?.close();
  await one?.close();
});

async function matchesOn(t: TestApp, u: User) {
  const { result: res, statements } = await statementsDuring(t.deps.database, () => t.as(u)('/api/me/matches'));
  expect(res.status).toBe(200);
  return { page: (await res.json()) as MatchesPage, statements: statements.length };
}

describe('kept matches pages on two instances', () => {
  it('a favorite or a follow made through one is in the next page the other answers', async () => {
    const [viewer, other] = (await Promise.all([signUpVerified(one), signUpVerified(one)])) as [User, User];
    const favorite = (u: User, mediaId: number) => one.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } });
    expect((await favorite(viewer, 238)).status).toBe(201);
    expect((await favorite(viewer, 240)).status).toBe(201);

    expect((await matchesOn(two, viewer)).page.matches).toEqual([]);
    const kept = await matchesOn(two, viewer);
    expect(kept.statements).toBe(1);
    expect(kept.page.matches).toEqual([]);

    expect((await favorite(other, 238)).status).toBe(201);
    const after = await matchesOn(two, viewer);
    expect(after.page.matches.map((m) => [m.user.id, m.sharedFavoritesCount, m.isFollowing])).toEqual([[other.id, 1, false]]);
    expect((await matchesOn(two, viewer)).statements).toBe(1);

    expect((await one.as(viewer)(`/api/follows/${other.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await matchesOn(two, viewer)).page.matches.map((m) => m.isFollowing)).toEqual([true]);
  });
});
