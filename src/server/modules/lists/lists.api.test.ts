import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { favorites, follows, notifications, profiles, userRoles } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified, userIdOf } from '../../test/accounts';
import { banUser } from '../accounts/moderation';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((_audience, event) => events.push(event));
});
afterAll(() => t.close());

const idOf = (email: string) => userIdOf(t, email);

async function newUser(overrides: Record<string, unknown> = {}) {
  const u = await signUpVerified(t, overrides);
  return { ...u, id: await idOf(u.email) };
}

// Titles of the offline catalogue.
const FIGHT_CLUB = { mediaType: 'movie', mediaId: 550 } as const;
const MATRIX = { mediaType: 'movie', mediaId: 603 } as const;
const BREAKING_BAD = { mediaType: 'tv', mediaId: 1396 } as const;

describe('favorites', () => {
  it('adds with catalogue data, turns a duplicate into a rating update, updates, removes and clears', async () => {
    const u = await newUser();
    const added = await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 4 } });
    expect(added.status).toBe(201);
    const body = await added.json();
    expect(body.created).toBe(true);
    expect(body.item).toMatchObject({ mediaType: 'movie', mediaId: 550, title: 'Fight Club', rating: 4, releaseDate: '1999-10-15' });
    expect(body.item.genres).toContain('Drama');
    expect(body.item.posterPath).toBeTruthy();
    expect(body.item.voteAverage).toBeGreaterThan(0);

    const again = await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 2 } });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ created: false, item: { rating: 2 } });
    const rows = await t.deps.database.db.select().from(favorites).where(eq(favorites.userId, u.id));
    expect(rows).toHaveLength(1);

    const patched = await t.as(u)('/api/me/favorites/movie/550', { method: 'PATCH', json: { rating: 5 } });
    expect(patched.status).toBe(200);
    expect((await patched.json()).rating).toBe(5);
    expect((await t.as(u)('/api/me/favorites/movie/603', { method: 'PATCH', json: { rating: 5 } })).status).toBe(404);

    await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...BREAKING_BAD, rating: 3 } });
    const mine = await (await t.request('/api/me/lists', { headers: { cookie: u.cookie } })).json();
    expect(mine.favorites).toEqual(
      expect.arrayContaining([
        { mediaType: 'movie', mediaId: 550, rating: 5 },
        { mediaType: 'tv', mediaId: 1396, rating: 3 },
      ]),
    );

    expect((await t.as(u)('/api/me/favorites/movie/550', { method: 'DELETE' })).status).toBe(200);
    const list = await (await t.request(`/api/profiles/${u.id}/favorites`, { headers: { cookie: u.cookie } })).json();
    expect(list.items.map((i: { title: string }) => i.title)).toEqual(['Breaking Bad']);

    await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 1 } });
    const cleared = await t.as(u)('/api/me/favorites', { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ removed: 2 });
    expect((await (await t.request('/api/me/lists', { headers: { cookie: u.cookie } })).json()).favorites).toEqual([]);
  });

  it('refuses made-up titles, bad input and unknown fields', async () => {
    const u = await newUser();
    const unknown = await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 999999999, rating: 3 } });
    expect(unknown.status).toBe(404);
    const forged = await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 3, title: 'Forged', posterPath: 'http://evil' } });
    expect(forged.status).toBe(400);
    for (const bad of [
      { ...FIGHT_CLUB, rating: 0 },
      { ...FIGHT_CLUB, rating: 6 },
      { ...FIGHT_CLUB, rating: 2.5 },
      { mediaType: 'person', mediaId: 550, rating: 3 },
      { mediaType: 'movie', mediaId: -1, rating: 3 },
    ]) {
      const res = await t.as(u)('/api/me/favorites', { method: 'POST', json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
    expect((await t.as(u)('/api/me/favorites/book/550', { method: 'DELETE' })).status).toBe(400);
    expect((await t.as(u)('/api/me/favorites/movie/abc', { method: 'PATCH', json: { rating: 3 } })).status).toBe(400);
    expect(await t.deps.database.db.select().from(favorites).where(eq(favorites.userId, u.id))).toEqual([]);
  });

  it('answers 401 to anonymous writers and to a banned user', async () => {
    for (const [path, method] of [
      ['/api/me/lists', 'GET'],
      ['/api/me/favorites', 'POST'],
      ['/api/me/favorites', 'DELETE'],
      ['/api/me/favorites/movie/550', 'PATCH'],
      ['/api/me/watchlist', 'POST'],
      ['/api/me/watchlist/movie/550', 'DELETE'],
      ['/api/me/currently-watching', 'PUT'],
      ['/api/me/currently-watching', 'DELETE'],
    ] as const) {
      const res = await t.request(path, { method, json: method === 'GET' || method === 'DELETE' ? undefined : { ...FIGHT_CLUB, rating: 3 } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    const banned = await newUser();
    await banUser(t.deps.database.db, banned.id, 'Banned by admin after user report.');
    expect((await t.as(banned)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 3 } })).status).toBe(401);
  });

  it('counts who favorited a title and announces changes to everyone', async () => {
    const a = await newUser();
    const b = await newUser();
    const countOf = async () => (await (await t.request('/api/titles/movie/680/favorite-count')).json()).count;
    const before = await countOf();
    events.length = 0;
    await t.as(a)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 680, rating: 5 } });
    await t.as(b)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 680, rating: 4 } });
    await t.as(b)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 680, rating: 3 } });
    expect(await countOf()).toBe(before + 2);
    expect(events.filter((e) => e.type === 'favorite-count')).toEqual([
      { type: 'favorite-count', mediaType: 'movie', mediaId: 680 },
      { type: 'favorite-count', mediaType: 'movie', mediaId: 680 },
    ]);
    await t.as(a)('/api/me/favorites/movie/680', { method: 'DELETE' });
    expect(await countOf()).toBe(before + 1);
    expect((await t.request('/api/titles/book/680/favorite-count')).status).toBe(400);
  });

  it('ignores rows with a zero id or a blank title', async () => {
    const u = await newUser();
    await t.deps.database.db.insert(favorites).values([
      { userId: u.id, mediaType: 'movie', mediaId: 0, title: 'Zero', userRating: 3 },
      { userId: u.id, mediaType: 'movie', mediaId: 12, title: '  ', userRating: 3 },
    ]);
    const list = await (await t.request(`/api/profiles/${u.id}/favorites`, { headers: { cookie: u.cookie } })).json();
    expect(list).toEqual({ visible: true, items: [] });
    expect((await (await t.request('/api/me/lists', { headers: { cookie: u.cookie } })).json()).favorites).toEqual([]);
  });

  it('tells followers about a new favorite, by their preference, and not about a rating change', async () => {
    const star = await newUser();
    const fan = await newUser();
    const quiet = await newUser();
    await t.deps.database.db.insert(follows).values([
      { followerId: fan.id, followingId: star.id },
      { followerId: quiet.id, followingId: star.id },
    ]);
    await t.deps.database.db.update(profiles).set({ notifyOnFavorite: 'none' }).where(eq(profiles.id, quiet.id));
    const res = await t.as(star)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 5 } });
    expect(res.status).toBe(201);
    const forFan = () =>
      t.deps.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, fan.id), eq(notifications.type, 'new_favorite_from_following')));
    await vi.waitFor(async () => expect(await forFan()).toHaveLength(1));
    const [n] = await forFan();
    expect(n!.relatedUserId).toBe(star.id);
    expect(n!.message).toContain('The Matrix');
    expect(n!.data).toMatchObject({ mediaId: 603, mediaType: 'movie' });
    while ((await t.deps.mail.processDue()) > 0);
    expect(t.transport.sent.some((m) => m.to === fan.email && m.text.includes('The Matrix'))).toBe(true);
    expect(await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, quiet.id))).toEqual([]);

    await t.as(star)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 2 } });
    await new Promise((r) => setTimeout(r, 100));
    expect(await forFan()).toHaveLength(1);
    expect(await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, star.id))).toEqual([]);
  });
});

describe('watchlist', () => {
  it('adds, refuses a duplicate with the spec message, removes and clears', async () => {
    const u = await newUser();
    const added = await t.as(u)('/api/me/watchlist', { method: 'POST', json: BREAKING_BAD });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ title: 'Breaking Bad', mediaType: 'tv', mediaId: 1396 });
    const dup = await t.as(u)('/api/me/watchlist', { method: 'POST', json: BREAKING_BAD });
    expect(dup.status).toBe(409);
    expect((await dup.json()).error.message).toBe("'Breaking Bad' is already in your watchlist.");
    await t.as(u)('/api/me/watchlist', { method: 'POST', json: FIGHT_CLUB });
    expect((await (await t.request('/api/me/lists', { headers: { cookie: u.cookie } })).json()).watchlist).toHaveLength(2);
    await t.as(u)('/api/me/watchlist/tv/1396', { method: 'DELETE' });
    const list = await (await t.request(`/api/profiles/${u.id}/watchlist`)).json();
    expect(list.items.map((i: { title: string }) => i.title)).toEqual(['Fight Club']);
    expect(await (await t.as(u)('/api/me/watchlist', { method: 'DELETE' })).json()).toEqual({ removed: 1 });
    expect((await (await t.request(`/api/profiles/${u.id}/watchlist`)).json()).items).toEqual([]);
  });
});

describe('kept list counts', () => {
  it('keeps the profile counts right through adds, duplicates, removals, clears and a deleted account', async () => {
    const u = await newUser();
    const counts = async (id = u.id) => {
      const body = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: u.cookie } })).json();
      return [body.favoritesCount, body.watchlistCount];
    };
    expect(await counts()).toEqual([0, 0]);
    await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 4 } });
    await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 2 } }); // a rating update, not a new row
    await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 5 } });
    await t.as(u)('/api/me/watchlist', { method: 'POST', json: BREAKING_BAD });
    expect((await t.as(u)('/api/me/watchlist', { method: 'POST', json: BREAKING_BAD })).status).toBe(409);
    await t.as(u)('/api/me/watchlist', { method: 'POST', json: MATRIX });
    expect(await counts()).toEqual([2, 2]);
    // Concurrent adds each count once.
    const other = await newUser();
    await Promise.all([FIGHT_CLUB, MATRIX, BREAKING_BAD].map((key) => t.as(other)('/api/me/favorites', { method: 'POST', json: { ...key, rating: 3 } })));
    expect(await counts(other.id)).toEqual([3, 0]);

    await t.as(u)('/api/me/favorites/movie/550', { method: 'DELETE' });
    await t.as(u)('/api/me/favorites/movie/550', { method: 'DELETE' }); // already gone
    await t.as(u)('/api/me/watchlist/tv/1396', { method: 'DELETE' });
    expect(await counts()).toEqual([1, 1]);
    await t.as(u)('/api/me/favorites', { method: 'DELETE' });
    await t.as(u)('/api/me/watchlist', { method: 'DELETE' });
    expect(await counts()).toEqual([0, 0]);
    expect(await counts(other.id)).toEqual([3, 0]);

    // Deleting an account removes its rows (cascade) without touching anyone else's counts.
    expect((await t.request('/api/accounts/delete', { method: 'POST', json: { confirm: 'DELETE' }, headers: { cookie: other.cookie } })).status).toBe(200);
    expect(await t.deps.database.db.select().from(favorites).where(eq(favorites.userId, other.id))).toEqual([]);
    await t.as(u)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 1 } });
    expect(await counts()).toEqual([1, 0]);
  });
});

describe('currently watching', () => {
  it('sets the title with a time and clears all five fields', async () => {
    const u = await newUser();
    const res = await t.as(u)('/api/me/currently-watching', { method: 'PUT', json: BREAKING_BAD });
    expect(res.status).toBe(200);
    const set = await res.json();
    expect(set).toMatchObject({ mediaType: 'tv', mediaId: 1396, title: 'Breaking Bad' });
    expect(Math.abs(Date.parse(set.setAt) - Date.now())).toBeLessThan(60_000);
    const profile = await (await t.request(`/api/profiles/${u.id}`)).json();
    expect(profile.currentlyWatching).toMatchObject({ title: 'Breaking Bad', mediaId: 1396 });
    expect((await (await t.request('/api/me/lists', { headers: { cookie: u.cookie } })).json()).currentlyWatching.title).toBe('Breaking Bad');

    expect((await t.as(u)('/api/me/currently-watching', { method: 'DELETE' })).status).toBe(200);
    const [row] = await t.deps.database.db.select().from(profiles).where(eq(profiles.id, u.id));
    expect([row!.currentlyWatchingMediaId, row!.currentlyWatchingMediaType, row!.currentlyWatchingTitle, row!.currentlyWatchingPosterPath, row!.currentlyWatchingSetAt]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect((await t.as(u)('/api/me/currently-watching', { method: 'PUT', json: { mediaType: 'tv', mediaId: 999999999 } })).status).toBe(404);
  });
});

describe('profile lists and privacy', () => {
  it('shows favorites and watchlist to guest, other, owner and admin as ruling 9 says', async () => {
    const owner = await newUser();
    const other = await newUser();
    const admin = await newUser();
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    await t.as(owner)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 4 } });
    await t.as(owner)('/api/me/watchlist', { method: 'POST', json: MATRIX });
    const viewers = { guest: '', other: other.cookie, owner: owner.cookie, admin: admin.cookie };
    const see = async (list: 'favorites' | 'watchlist') => {
      const seen: Record<string, number | 'hidden'> = {};
      for (const [name, cookie] of Object.entries(viewers)) {
        const res = await t.request(`/api/profiles/${owner.id}/${list}`, cookie ? { headers: { cookie } } : {});
        expect(res.status).toBe(200);
        const body = await res.json();
        seen[name] = body.visible ? body.items.length : 'hidden';
        if (!body.visible) expect(body.items).toEqual([]);
      }
      return seen;
    };
    expect(await see('favorites')).toEqual({ guest: 1, other: 1, owner: 1, admin: 1 });

    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, owner.id));
    expect(await see('favorites')).toEqual({ guest: 'hidden', other: 'hidden', owner: 1, admin: 1 });
    expect(await see('watchlist')).toEqual({ guest: 'hidden', other: 'hidden', owner: 1, admin: 1 });

    await t.deps.database.db.update(profiles).set({ isPrivate: false, showFavorites: false }).where(eq(profiles.id, owner.id));
    expect(await see('favorites')).toEqual({ guest: 'hidden', other: 'hidden', owner: 1, admin: 1 });
    expect(await see('watchlist')).toEqual({ guest: 1, other: 1, owner: 1, admin: 1 });

    expect((await t.request('/api/profiles/nobody/favorites')).status).toBe(404);
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, owner.id));
    expect((await t.request(`/api/profiles/${owner.id}/favorites`, { headers: { cookie: admin.cookie } })).status).toBe(404);
  });

  it('lists shared favorites for a signed-in viewer, empty when hidden', async () => {
    const a = await newUser();
    const b = await newUser();
    for (const [who, key] of [
      [a, FIGHT_CLUB],
      [a, BREAKING_BAD],
      [a, MATRIX],
      [b, FIGHT_CLUB],
      [b, BREAKING_BAD],
    ] as const) {
      await t.as(who)('/api/me/favorites', { method: 'POST', json: { ...key, rating: 3 } });
    }
    const shared = await (await t.request(`/api/profiles/${b.id}/shared-favorites`, { headers: { cookie: a.cookie } })).json();
    expect(shared.items.map((i: { title: string }) => i.title).sort()).toEqual(['Breaking Bad', 'Fight Club']);
    expect(shared.items[0]).toHaveProperty('posterPath');
    expect((await t.request(`/api/profiles/${b.id}/shared-favorites`)).status).toBe(401);

    await t.deps.database.db.update(profiles).set({ showFavorites: false }).where(eq(profiles.id, b.id));
    expect(await (await t.request(`/api/profiles/${b.id}/shared-favorites`, { headers: { cookie: a.cookie } })).json()).toEqual({ items: [] });
  });
});

describe('write limit', () => {
  it('refuses more than 120 list writes a minute from one user, not reads or other users', async () => {
    const busy = await newUser();
    const calm = await newUser();
    for (let i = 0; i < 120; i++) expect((await t.as(busy)('/api/me/watchlist/movie/1', { method: 'DELETE' })).status).toBe(200);
    const refused = await t.as(busy)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 3 } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await t.request('/api/me/lists', { headers: { cookie: busy.cookie } })).status).toBe(200);
    expect((await t.as(calm)('/api/me/favorites', { method: 'POST', json: { ...FIGHT_CLUB, rating: 3 } })).status).toBe(201);
  });
});
