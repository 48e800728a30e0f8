import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, session } from '../../db/schema';
import { createHttpServer } from '../../http/server';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, listenForTest, type TestApp } from '../../test/harness';
import { profileFrontRoute } from './front-route';

// The profile reads answered at the front door must be the routes' answers, byte for byte.
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let base: string;
let closeServer: () => Promise<void>;
/** Requests that reached the app (the router) rather than being answered at the front door. */
let appCalls = 0;

beforeAll(async () => {
  t = await createTestApp();
  const app = {
    fetch: (request: Request, env?: unknown) => {
      appCalls++;
      return t.app.fetch(request, env);
    },
  };
  ({ base, close: closeServer } = await listenForTest(createHttpServer(app, t.deps.config, { logger: pino({ level: 'silent' }), routes: [profileFrontRoute(t.deps)] })));
});
afterAll(async () => {
  await closeServer();
  await t.close();
});

/** The answer through the HTTP server, and how many requests of it the app saw. */
async function viaServer(path: string, cookie?: string) {
  const before = appCalls;
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
  return { res, body: await res.json(), reachedApp: appCalls - before };
}

async function viaRoute(path: string, cookie?: string) {
  const res = await t.request(path, { headers: cookie ? { cookie } : {} });
  return { res, body: await res.json() };
}

describe('profile reads at the front door', () => {
  it('answers as the routes do, for the owner, another user and a guest, by id and by username', async () => {
    const owner = await signUpVerified(t, { fullName: 'Front Door' });
    const other = await signUpVerified(t);
    for (const path of [`/api/profiles/${owner.id}`, `/api/profiles/by-username/${owner.username.toUpperCase()}`]) {
      for (const cookie of [owner.cookie, other.cookie, undefined]) {
        const fast = await viaServer(path, cookie);
        const routed = await viaRoute(path, cookie);
        expect(fast.reachedApp).toBe(0);
        expect(fast.res.status).toBe(200);
        expect(fast.body).toEqual(routed.body);
        for (const name of ['content-type', 'cache-control']) expect(fast.res.headers.get(name)).toBe(routed.res.headers.get(name));
        // The front door's own headers: security headers and the request id.
        expect(fast.res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(fast.res.headers.get('x-request-id')).toBeTruthy();
      }
    }
    expect((await viaServer(`/api/profiles/${owner.id}`, owner.cookie)).body).toMatchObject({ isOwn: true, fullName: 'Front Door', showFavorites: true });
    expect((await viaServer(`/api/profiles/${owner.id}`, other.cookie)).body).toMatchObject({ isOwn: false });
    expect(JSON.stringify((await viaServer(`/api/profiles/${owner.id}`, other.cookie)).body)).not.toContain('notifyOn');
  });

  it('leaves not found, banned and unusual requests to the route, in the API error shape', async () => {
    const unknown = await viaServer('/api/profiles/nobody-here');
    expect(unknown.reachedApp).toBe(1);
    expect(unknown.res.status).toBe(404);
    expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'Profile not found' } });

    const banned = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    expect((await viaServer(`/api/profiles/${banned.id}`)).res.status).toBe(404);

    const someone = await signUpVerified(t);
    const withQuery = await viaServer(`/api/profiles/${someone.id}?x=1`);
    expect(withQuery.reachedApp).toBe(1);
    expect(withQuery.body.id).toBe(someone.id);
  });

  it('hides a private profile from others and refuses a signed-out cookie, on the very next request', async () => {
    const owner = await signUpVerified(t);
    const other = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, owner.id));
    expect((await viaServer(`/api/profiles/${owner.id}`, other.cookie)).body.visible).toEqual({ favorites: false, watchlist: false, currentlyWatching: false, forums: false });
    expect((await viaServer(`/api/profiles/${owner.id}`, owner.cookie)).body.isOwn).toBe(true);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { cookie: owner.cookie } })).status).toBe(200);
    const after = await viaServer(`/api/profiles/${owner.id}`, owner.cookie);
    expect(after.body).toMatchObject({ isOwn: false, visible: { favorites: false } });
  });

  it('lets Better Auth extend a session due for it, as the route does', async () => {
    const a = await signUpVerified(t);
    const token = decodeURIComponent(a.cookie.match(/reelmates\.session_token=([^;]+)/)![1]!).split('.')[0]!;
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(session.token, token));
    expect((await viaServer(`/api/profiles/${a.id}`, a.cookie)).body.isOwn).toBe(true);
    const [row] = await t.deps.database.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });
});
