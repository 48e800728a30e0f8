import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../shared/dashboard';
import type { Match, MatchesPage } from '../../../shared/matches';
import { queryRows } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';
import { keptPageCount } from './page-read';
import { foldMatchEpoch } from './rebalancer';

// ADR 087: a matches page (and the dashboard's genre fill-up) is kept while nothing it reads has
// changed. Asked again, it costs one statement (who the viewer is, with the write counter); after
// any write it reads, by any path, the next request reads it anew; a boost that ends moves it with
// no write at all.

type User = Awaited<ReturnType<typeof signUpVerified>>;
let t: TestApp;
let viewer: User, a: User, b: User, c: User;

async function get<T>(u: User, path: string): Promise<T> {
  const res = await t.as(u)(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

async function favorite(u: User, ...ids: number[]) {
  for (const mediaId of ids) expect((await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } })).status).toBe(201);
}

const db = () => t.deps.database.db;

/** The viewer's matches page, and the statements it cost. */
async function page() {
  const { result, statements } = await statementsDuring(t.deps.database, () => get<MatchesPage>(viewer, '/api/me/matches'));
  return { page: result, statements: statements.length };
}

const cardOf = (p: MatchesPage, u: User): Match | undefined => p.matches.find((m) => m.user.id === u.id);

/** Asks twice, so the page is kept, and checks the second answer was the kept one. */
async function kept(): Promise<MatchesPage> {
  const first = await page();
  const again = await page();
  expect(again.statements, 'a kept page costs only the statement that says who the viewer is').toBe(1);
  expect(again.page).toEqual(first.page);
  return again.page;
}

/** Waits until the notices the writes sent after their answers are done, so the counts are the page's alone. */
async function quiet() {
  const idle = () => statementsDuring(t.deps.database, () => new Promise((resolve) => setTimeout(resolve, 100)));
  for (let i = 0; i < 50 && (await idle()).statements.length > 0; i++);
}

beforeAll(async () => {
  t = await createTestApp();
  [viewer, a, b, c] = (await Promise.all([0, 1, 2, 3].map(() => signUpVerified(t)))) as [User, User, User, User];
  // The first 1,000 accounts are founding members: premium, so the whole ranking (ruling 4).
  await favorite(viewer, 238, 240, 278, 550);
  await favorite(a, 238, 240);
  await favorite(b, 278);
  await favorite(c, 680);
}, 120_000);

beforeEach(quiet);

afterAll(async () => {
  await t?.close();
});

describe('matches pages kept while nothing they read changes (ADR 087)', () => {
  it('answers the same page again with one statement, and keeps pages per viewer and query', async () => {
    const first = await page();
    expect(first.statements).toBeGreaterThan(1);
    expect(first.page.matches.map((m) => m.user.id)).toEqual([a.id, b.id]);
    await kept();
    expect(keptPageCount(db())).toBeGreaterThan(0);
    // Another query is its own page: the genre filter is read, not served from the unfiltered one.
    const filtered = await get<MatchesPage>(viewer, '/api/me/matches?genres=Horror');
    expect(filtered.matches).toEqual([]);
  });

  it("reads the page anew after another member's favorite, rating or unfavorite", async () => {
    await kept();
    await favorite(c, 238);
    let now = await kept();
    expect(cardOf(now, c)?.sharedFavoritesCount).toBe(1);
    expect((await t.as(c)('/api/me/favorites/movie/238', { method: 'PATCH', json: { rating: 1 } })).status).toBe(200);
    now = await kept();
    expect(cardOf(now, c)?.ratingGap).toBe(3);
    expect((await t.as(c)('/api/me/favorites/movie/238', { method: 'DELETE' })).status).toBeLessThan(300);
    now = await kept();
    expect(cardOf(now, c)).toBeUndefined();
  });

  it("reads the page anew after the viewer's own favorite", async () => {
    const before = await kept();
    expect(cardOf(before, c)).toBeUndefined();
    await favorite(viewer, 680);
    const now = await kept();
    expect(cardOf(now, c)?.sharedFavoritesCount).toBe(1);
    expect(cardOf(now, a)?.matchPercentage).toBe(100);
  });

  it('reads the page anew after a follow, a mute and a block', async () => {
    expect(cardOf(await kept(), a)?.isFollowing).toBe(false);
    expect((await t.as(viewer)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect(cardOf(await kept(), a)?.isFollowing).toBe(true);
    expect((await t.as(viewer)(`/api/mutes/${a.id}`, { method: 'PUT' })).status).toBe(200);
    expect(cardOf(await kept(), a)?.isMuted).toBe(true);
    expect((await t.as(b)(`/api/blocks/${viewer.id}`, { method: 'PUT' })).status).toBe(200);
    expect(cardOf(await kept(), b)).toBeUndefined();
    expect((await t.as(b)(`/api/blocks/${viewer.id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    expect(cardOf(await kept(), b)).toBeDefined();
  });

  it("reads the page anew after another member's name, username, privacy, ban or verification changes", async () => {
    await kept();
    await db().update(profiles).set({ fullName: 'Renamed Member' }).where(eq(profiles.id, b.id));
    expect(cardOf(await kept(), b)?.user.fullName).toBe('Renamed Member');
    await db().update(user).set({ username: 'renamed_member' }).where(eq(user.id, b.id));
    expect(cardOf(await kept(), b)?.user.username).toBe('renamed_member');
    await db().update(profiles).set({ showFavorites: false }).where(eq(profiles.id, b.id));
    expect(cardOf(await kept(), b)).toBeUndefined();
    await db().update(profiles).set({ showFavorites: true }).where(eq(profiles.id, b.id));
    expect(cardOf(await kept(), b)).toBeDefined();
    await db().update(profiles).set({ isBanned: true }).where(eq(profiles.id, b.id));
    expect(cardOf(await kept(), b)).toBeUndefined();
    await db().update(profiles).set({ isBanned: false }).where(eq(profiles.id, b.id));
    await db().update(user).set({ emailVerified: false }).where(eq(user.id, b.id));
    expect(cardOf(await kept(), b)).toBeUndefined();
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, b.id));
    expect(cardOf(await kept(), b)).toBeDefined();
  });

  it('moves a boosted member to the top, and back when the boost ends with no write at all', async () => {
    const before = await kept();
    const last = before.matches.at(-1)!;
    expect(before.matches.length).toBeGreaterThan(1);
    // A boost ending 1.5 s from now on the database's clock: the ranking changes then by itself.
    await db().execute(sql`UPDATE profiles SET boost_expires_at = now() + interval '1.5 seconds' WHERE id = ${last.user.id}`);
    const boosted = await kept();
    expect(boosted.matches[0]).toMatchObject({ user: { id: last.user.id }, boosted: true });
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    const ended = await page();
    expect(ended.statements, 'read anew once the boost has ended').toBeGreaterThan(1);
    expect(ended.page).toEqual(before);
  });

  it('keeps the sum when the counter rows are folded, so the kept page still answers', async () => {
    await kept();
    const [before] = await queryRows<{ rows: number; sum: string }>(db(), sql`SELECT count(*)::int AS rows, sum(v)::text AS sum FROM match_epoch`);
    expect(before!.rows).toBeGreaterThan(0);
    expect(await foldMatchEpoch(db())).toBeGreaterThan(0);
    const [after] = await queryRows<{ rows: number; sum: string }>(db(), sql`SELECT count(*)::int AS rows, sum(v)::text AS sum FROM match_epoch`);
    expect(after).toEqual({ rows: 1, sum: before!.sum });
    const again = await page();
    expect(again.statements).toBe(1);
  });

  it("keeps a free member's page and the dashboard's genre fill-up the same way", async () => {
    await db().update(profiles).set({ foundingMember: false }).where(eq(profiles.id, c.id));
    await db()
      .update(profiles)
      .set({ favoriteGenres: ['Drama'] })
      .where(eq(profiles.id, c.id));
    await db()
      .update(profiles)
      .set({ favoriteGenres: ['Drama'] })
      .where(eq(profiles.id, a.id));
    const ask = () => statementsDuring(t.deps.database, () => get<Dashboard>(c, '/api/me/dashboard'));
    // The first visit of the day chooses the day's three (ruling 20); the second ranks once more for
    // the places still empty, after the one kept (another page: its limit is one more).
    const first = await ask();
    await ask();
    const again = await ask();
    // The profile row and who the viewer is, side by side; the page, the empty places' ranking and the fill-up were kept.
    expect(again.statements.map((s) => s.slice(0, 80))).toHaveLength(2);
    expect(again.result).toEqual(first.result);
    expect(again.result.suggestions.map((s) => [s.user.id, s.reason])).toContainEqual([a.id, 'genres']);
    expect((await t.as(c)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    const after = await ask();
    expect(after.result.suggestions.map((s) => s.user.id)).not.toContain(a.id);
  });

  it('keeps of each card only the five newest shared titles, with the rating gap and the count over all of them', async () => {
    const [x, y] = (await Promise.all([signUpVerified(t), signUpVerified(t)])) as [User, User];
    const titles = [238, 240, 278, 550, 680, 603, 769];
    await favorite(x, ...titles);
    // y's two oldest are rated 1 (3 from x's 4), the rest 4: a gap of 6 / 7 = 0.857, shown as 0.9.
    for (const [i, mediaId] of titles.entries())
      expect((await t.as(y)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: i < 2 ? 1 : 4 } })).status).toBe(201);
    const card = (await get<MatchesPage>(x, '/api/me/matches')).matches.find((m) => m.user.id === y.id)!;
    expect(card.sharedFavoritesCount).toBe(7);
    expect(card.ratingGap).toBe(0.9);
    expect(card.sharedFavorites.map((f) => f.mediaId)).toEqual([769, 603, 680, 550, 278]);
  });
});
