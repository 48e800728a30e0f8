import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, profiles, userRoles, watchlist } from '../../db/schema';
import { signUpVerified, userIdOf } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idOf = (email: string) => userIdOf(t, email);

describe('profile API', () => {
  it('shows another user the public header only: no e-mail, no settings, no ban data', async () => {
    const owner = await signUpVerified(t, { fullName: 'Olive Owner' });
    const other = await signUpVerified(t);
    const id = await idOf(owner.email);
    await t.deps.database.db
      .update(profiles)
      .set({ currentlyWatchingMediaId: 550, currentlyWatchingMediaType: 'movie', currentlyWatchingTitle: 'Fight Club', currentlyWatchingSetAt: new Date() })
      .where(eq(profiles.id, id));

    const seen = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(seen).toMatchObject({
      id,
      fullName: 'Olive Owner',
      isOwn: false,
      foundingMember: true,
      visible: { favorites: true, watchlist: true, currentlyWatching: true, forums: false },
    });
    expect(seen.currentlyWatching.title).toBe('Fight Club');
    const text = JSON.stringify(seen);
    for (const secret of [owner.email, 'notifyOn', 'isBanned', 'banReason', 'favoriteGenres', 'lastBoostUsedAt']) expect(text).not.toContain(secret);

    const own = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: owner.cookie } })).json();
    expect(own).toMatchObject({ isOwn: true, notifyOnFollow: 'both', showFavorites: true, favoriteGenres: [] });
    expect(JSON.stringify(own)).not.toContain(owner.email);

    const byName = await (await t.request(`/api/profiles/by-username/${owner.username.toUpperCase()}`)).json();
    expect(byName.id).toBe(id);
  });

  it('hides private sections from others, not from the owner or an admin', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const admin = await signUpVerified(t);
    const id = await idOf(owner.email);
    await t.deps.database.db.insert(userRoles).values({ userId: await idOf(admin.email), role: 'admin' });
    await t.deps.database.db
      .update(profiles)
      .set({ isPrivate: true, currentlyWatchingMediaId: 1396, currentlyWatchingMediaType: 'tv', currentlyWatchingTitle: 'Breaking Bad', currentlyWatchingSetAt: new Date() })
      .where(eq(profiles.id, id));
    const seen = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(seen.visible).toEqual({ favorites: false, watchlist: false, currentlyWatching: false, forums: false });
    expect(seen.currentlyWatching).toBeNull();
    const guest = await (await t.request(`/api/profiles/${id}`)).json();
    expect(guest.currentlyWatching).toBeNull();
    const asAdmin = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: admin.cookie } })).json();
    expect(asAdmin.currentlyWatching.title).toBe('Breaking Bad');

    await t.deps.database.db.update(profiles).set({ isPrivate: false, showWatchlist: false }).where(eq(profiles.id, id));
    const partly = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(partly.visible).toMatchObject({ favorites: true, watchlist: false, currentlyWatching: true });
  });

  it('counts favorites and watchlist, and leaves the counts out where the list is hidden', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    const id = await idOf(owner.email);
    const title = (n: number) => ({ userId: id, mediaId: n, mediaType: 'movie' as const, title: `Film ${n}` });
    await t.deps.database.db.insert(favorites).values([1, 2, 3].map((n) => ({ ...title(n), userRating: 4 })));
    await t.deps.database.db.insert(watchlist).values([4, 5].map(title));
    // Someone else's lists do not count.
    await t.deps.database.db.insert(favorites).values({ ...title(9), userId: await idOf(other.email), userRating: 5 });

    const seen = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(seen).toMatchObject({ favoritesCount: 3, watchlistCount: 2, viewerFollows: false });
    const guest = await (await t.request(`/api/profiles/by-username/${owner.username}`)).json();
    expect(guest).toMatchObject({ favoritesCount: 3, watchlistCount: 2 });

    await t.deps.database.db.update(profiles).set({ showWatchlist: false }).where(eq(profiles.id, id));
    const partly = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(partly).toMatchObject({ favoritesCount: 3, watchlistCount: null });
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, id));
    const hidden = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(hidden).toMatchObject({ favoritesCount: null, watchlistCount: null });
    const own = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: owner.cookie } })).json();
    expect(own).toMatchObject({ favoritesCount: 3, watchlistCount: 2 });
  });

  it('answers concurrent views in one statement, identical ones read once, each as its own viewer may see it', async () => {
    const open = await signUpVerified(t, { fullName: 'Open Owner' });
    const closed = await signUpVerified(t, { fullName: 'Closed Owner' });
    const fan = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, closed.id));
    expect((await t.request(`/api/follows/${open.id}`, { method: 'POST', headers: { cookie: fan.cookie } })).status).toBeLessThan(300);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { cookie: closed.cookie } })).status).toBe(200);

    // The database client's statements while the views run (node-postgres pool or PGlite).
    const client = (t.deps.database.pool ?? t.deps.database.pglite) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const query = client.query;
    // The first parameter of each profile-view statement: the keys of its lookups (node-postgres
    // passes a config object with `text` and `values`, PGlite the text and the values). Only the view
    // statements count: the mail outbox and the event log poll the same pool in the background.
    const keys: unknown[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const config = args[0] as string | { text?: string; values?: unknown[] };
      const text = typeof config === 'string' ? config : (config.text ?? '');
      if (text.includes('profile_json')) keys.push(typeof config === 'object' && config.values ? config.values[0] : (args[1] as unknown[])[0]);
      return query.apply(this, args);
    };
    const views = [
      { path: `/api/profiles/${open.id}`, cookie: fan.cookie, expect: { id: open.id, isOwn: false, viewerFollows: true } },
      { path: `/api/profiles/${open.id}`, cookie: open.cookie, expect: { id: open.id, isOwn: true, viewerFollows: false } },
      { path: `/api/profiles/${open.id}`, cookie: undefined, expect: { id: open.id, isOwn: false, viewerFollows: false } },
      { path: `/api/profiles/${closed.id}`, cookie: fan.cookie, expect: { id: closed.id, isOwn: false, visible: { favorites: false } } },
      // Signed out: the cookie still has a valid signature but no session, so a guest's view.
      { path: `/api/profiles/${closed.id}`, cookie: closed.cookie, expect: { id: closed.id, isOwn: false, visible: { favorites: false } } },
      { path: `/api/profiles/by-username/${open.username}`, cookie: fan.cookie, expect: { fullName: 'Open Owner', viewerFollows: true } },
      { path: `/api/profiles/by-username/${closed.username}`, cookie: undefined, expect: { fullName: 'Closed Owner', isOwn: false } },
      { path: '/api/profiles/nobody-at-all', cookie: fan.cookie, expect: null },
      // The same views again: read once, each request still answered.
      { path: `/api/profiles/${open.id}`, cookie: fan.cookie, expect: { id: open.id, isOwn: false, viewerFollows: true } },
      { path: `/api/profiles/${open.id}`, cookie: undefined, expect: { id: open.id, isOwn: false, viewerFollows: false } },
    ];
    let answers;
    try {
      answers = await Promise.all(views.map((v) => t.request(v.path, { headers: v.cookie ? { cookie: v.cookie } : {} })));
    } finally {
      client.query = query;
    }
    // One batch: a statement for the lookups by id and one for those by username, each lookup once.
    expect(keys).toHaveLength(2);
    const sent = (keys as string[][]).flat();
    expect(sent).toHaveLength(8);
    expect(sent.filter((k) => k === open.id)).toHaveLength(3); // fan, owner, guest
    for (const [i, v] of views.entries()) {
      if (v.expect === null) expect(answers[i]!.status).toBe(404);
      else expect(await answers[i]!.json()).toMatchObject(v.expect);
    }
  });

  it('answers 404 for unknown, unverified and banned users', async () => {
    expect((await t.request('/api/profiles/nobody')).status).toBe(404);
    const banned = await signUpVerified(t);
    const id = await idOf(banned.email);
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, id));
    const res = await t.request(`/api/profiles/${id}`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('Profile not found');
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const u = await signUpVerified(t);
    const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } });
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token'))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // only in production, over HTTPS
  });
});
