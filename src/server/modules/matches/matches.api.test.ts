import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchMessages, type MatchesPage } from '../../../shared/matches';
import { profiles } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

type User = Awaited<ReturnType<typeof signUpVerified>>;
let t: TestApp;
let a: User, b: User, c: User, d: User, e: User, f: User;

async function favorite(u: User, ...ids: number[]) {
  for (const mediaId of ids) {
    const res = await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } });
    expect(res.status).toBe(201);
  }
}

async function matchesOf(u: User, query = ''): Promise<MatchesPage> {
  const res = await t.as(u)(`/api/me/matches${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as MatchesPage;
}

const setGenres = (u: User, genres: string[]) => t.deps.database.db.update(profiles).set({ favoriteGenres: genres }).where(eq(profiles.id, u.id));

beforeAll(async () => {
  t = await createTestApp();
  [a, b, c, d, e, f] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t), await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
  // a is free: the first 1,000 accounts are founding members (ruling 6), so take it back.
  await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, a.id));
  await favorite(a, 238, 240, 278, 680);
  await favorite(b, 238, 240, 278, 550, 769, 103); // 3 of min(4, 6): 75
  await favorite(c, 238, 240, 550, 769); // 2 of 4: 50, + 2 for Drama: 52
  await favorite(d, 238); // 1 of 1: 100
  await favorite(e, 680, 550); // 1 of 2: 50
  await favorite(f, 238, 240, 278, 680); // private: never shown to others (ruling 19)
  await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, f.id));
  await setGenres(a, ['Drama', 'Crime']);
  await setGenres(c, ['Drama']);
  await setGenres(e, ['Horror']);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/me/matches', () => {
  it('gives a free user the first three of the ranking with the formula by hand, and never a fourth or a genre filter (ruling 20)', async () => {
    const page = await matchesOf(a);
    expect(page.limited).toBe(true);
    expect(page.matches.map((m) => [m.user.id, m.matchPercentage, m.sharedFavoritesCount])).toEqual([
      [d.id, 100, 1],
      [b.id, 75, 3],
      [c.id, 52, 2],
    ]);
    expect(page.matches[2]!.sharedGenres).toEqual(['Drama']);
    const filtered = await matchesOf(a, '?genres=Horror&page=2');
    expect(filtered.genres).toEqual([]);
    expect(filtered.matches.map((m) => m.user.id)).toEqual([d.id, b.id, c.id]);
  });

  it("keeps a free user's three for the UTC day, and picks again the next day", async () => {
    await favorite(e, 238, 240, 278); // now 4 of 4: 100 with 4 shared, first in a's ranking
    expect((await matchesOf(a)).matches.map((m) => m.user.id)).toEqual([d.id, b.id, c.id]);
    await t.deps.database.db.execute(sql`UPDATE match_daily SET day = day - 1 WHERE user_id = ${a.id}`);
    expect((await matchesOf(a)).matches.map((m) => m.user.id)).toEqual([e.id, d.id, b.id]);
  });

  it('fills the empty places of the day as favorites come: a newcomer who first looked with none is not left without matches until tomorrow', async () => {
    const newcomer = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, newcomer.id));
    // The first visit of the day (the dashboard asks on the first page), before any favorite.
    expect((await matchesOf(newcomer)).matches).toEqual([]);
    await favorite(newcomer, 769); // shared with b and c only
    const two = (await matchesOf(newcomer)).matches.map((m) => m.user.id);
    expect(two.sort()).toEqual([b.id, c.id].sort());
    // The kept two stay; the third place goes to the first of the ranking that is not one of them.
    await favorite(newcomer, 680, 238);
    const three = (await matchesOf(newcomer)).matches.map((m) => m.user.id);
    expect(three).toHaveLength(3);
    expect(three).toEqual(expect.arrayContaining(two));
    // Full: more favorites no longer change who the day's three are.
    await favorite(newcomer, 240, 278, 550);
    expect((await matchesOf(newcomer)).matches.map((m) => m.user.id).sort()).toEqual([...three].sort());
    // Out of the others' rankings for the tests below (private users are never shown).
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, newcomer.id));
  });

  it('gives a premium user the whole live ranking, filtered by genre on request, without private users', async () => {
    const page = await matchesOf(d);
    expect(page.limited).toBe(false);
    expect(page.matches.map((m) => m.user.id).sort()).toEqual([a.id, b.id, c.id, e.id].sort());
    expect(page.matches.every((m) => m.matchPercentage === 100)).toBe(true);
    const horror = await matchesOf(d, '?genres=Horror,Western');
    expect(horror.genres).toEqual(['Horror', 'Western']);
    expect(horror.matches.map((m) => m.user.id)).toEqual([e.id]);
    // The private user still sees their own matches.
    expect((await matchesOf(f)).matches.map((m) => m.user.id)).toContain(a.id);
  });

  it('says why: shared titles, the rating gap and the genres both love', async () => {
    await t.as(b)('/api/me/favorites/movie/238', { method: 'PATCH', json: { rating: 1 } });
    const fromB = (await matchesOf(b)).matches.find((m) => m.user.id === c.id)!;
    expect(fromB.sharedFavoritesCount).toBe(4);
    expect(fromB.sharedFavorites.map((s) => s.mediaId).sort()).toEqual([238, 240, 550, 769]);
    expect(fromB.ratingGap).toBe(0.8); // |1-4| over 4 titles
  });
});

describe('boost (ruling 1)', () => {
  it('refuses free users', async () => {
    const res = await t.as(a)('/api/me/boost', { method: 'POST' });
    expect(res.status).toBe(403);
  });

  it('boosts for 48 hours, moves the user to the top of others’ matches, refuses a second boost and keeps the 7-day cooldown', async () => {
    const res = await t.as(c)('/api/me/boost', { method: 'POST' });
    expect(res.status).toBe(200);
    const state = (await res.json()) as { boostExpiresAt: string; serverNow: string; canBoost: boolean };
    expect(new Date(state.boostExpiresAt).getTime() - new Date(state.serverNow).getTime()).toBe(48 * 3600 * 1000);
    expect(state.canBoost).toBe(false);
    const top = (await matchesOf(d)).matches[0]!;
    expect([top.user.id, top.boosted]).toEqual([c.id, true]);

    const again = await t.as(c)('/api/me/boost', { method: 'POST' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(matchMessages.alreadyBoosted);

    // 48 hours later (the clock moved back in the row): the boost is over, the cooldown holds.
    await t.deps.database.db.execute(
      sql`UPDATE profiles SET boost_expires_at = now() - interval '1 second', last_boost_used_at = now() - interval '48 hours 1 second' WHERE id = ${c.id}`,
    );
    expect((await matchesOf(d)).matches[0]!.boosted).toBe(false);
    const cooling = await t.as(c)('/api/me/boost', { method: 'POST' });
    expect(cooling.status).toBe(409);
    expect(((await cooling.json()) as { error: { message: string } }).error.message).toBe(matchMessages.cooldown);

    await t.deps.database.db.execute(sql`UPDATE profiles SET last_boost_used_at = now() - interval '7 days 1 second' WHERE id = ${c.id}`);
    expect((await t.as(c)('/api/me/boost', { method: 'POST' })).status).toBe(200);
  });

  it("shows the boost's end on the profile, to its owner and to others, until it is over", async () => {
    const boostEnd = async (viewer: User) => ((await (await t.as(viewer)(`/api/profiles/${e.id}`)).json()) as { boostExpiresAt: string | null }).boostExpiresAt;
    expect(await boostEnd(e)).toBeNull();
    expect((await t.as(e)('/api/me/boost', { method: 'POST' })).status).toBe(200);
    // In its last 90 seconds (the row's clock moved on): still shown, by both.
    await t.deps.database.db.execute(sql`UPDATE profiles SET boost_expires_at = now() + interval '90 seconds' WHERE id = ${e.id}`);
    for (const viewer of [e, d]) {
      const end = await boostEnd(viewer);
      expect(end).not.toBeNull();
      expect(Date.parse(end!) - Date.now()).toBeGreaterThan(60_000);
    }
    await t.deps.database.db.execute(sql`UPDATE profiles SET boost_expires_at = now() - interval '1 second' WHERE id = ${e.id}`);
    expect(await boostEnd(d)).toBeNull();
  });

  it('gives one boost of two concurrent ones', async () => {
    const statuses = (await Promise.all([t.as(b)('/api/me/boost', { method: 'POST' }), t.as(b)('/api/me/boost', { method: 'POST' })])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    const state = (await (await t.as(b)('/api/me/boost')).json()) as { boostExpiresAt: string | null; canBoost: boolean };
    expect(state.boostExpiresAt).not.toBeNull();
    expect(state.canBoost).toBe(false);
  });
});
