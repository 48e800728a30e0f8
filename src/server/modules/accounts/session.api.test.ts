import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, session, user, userRoles } from '../../db/schema';
import { cookieFrom, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { banUser } from './moderation';

// Our session lookup (session.ts) must refuse and accept exactly what Better Auth's would.
const SECRET = 'test-secret-test-secret-test-secret-000';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const person = () => signUpVerified(t);

/** The raw session token inside the signed cookie. */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(cookie.match(/reelmates\.session_token=([^;]+)/)![1]!);
  return value.slice(0, value.lastIndexOf('.'));
}

function signed(token: string, secret = SECRET): string {
  return `reelmates.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`)}`;
}

async function sessionUser(cookie?: string) {
  const res = await t.request('/api/session', cookie ? { headers: { cookie } } : {});
  expect(res.status).toBe(200);
  return ((await res.json()) as { user: { id: string; email: string; username: string; emailVerified: boolean } | null }).user;
}

/** A route behind requireUser. */
async function unreadStatus(cookie?: string) {
  return (await t.request('/api/notifications/unread-count', cookie ? { headers: { cookie } } : {})).status;
}

describe('session lookup', () => {
  it('refuses a visitor without a cookie', async () => {
    expect(await sessionUser()).toBeNull();
    expect(await unreadStatus()).toBe(401);
    expect(await unreadStatus('other=1; reelmates.session_token=')).toBe(401);
  });

  it('knows the owner of a session made by verification and by sign-in', async () => {
    const a = await person();
    const me = await sessionUser(a.cookie);
    expect(me).toMatchObject({ id: a.id, email: a.email, username: a.username.toLowerCase(), emailVerified: true });
    expect(await unreadStatus(a.cookie)).toBe(200);

    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: a.email, password: a.password } });
    expect(signIn.status).toBe(200);
    const second = cookieFrom(signIn);
    expect((await sessionUser(second))?.id).toBe(a.id);
    // Other cookies around it, in any order, do not matter.
    expect((await sessionUser(`theme=dark; ${second}; x="y"`))?.id).toBe(a.id);
  });

  it('ends access at once after signing out, and when the session row is gone (another instance signed out)', async () => {
    const a = await person();
    expect(await unreadStatus(a.cookie)).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie: a.cookie } });
    expect(out.status).toBe(200);
    expect(await unreadStatus(a.cookie)).toBe(401);
    expect(await sessionUser(a.cookie)).toBeNull();

    const b = await person();
    expect(await unreadStatus(b.cookie)).toBe(200);
    await t.deps.database.db.delete(session).where(eq(session.token, tokenOf(b.cookie)));
    expect(await unreadStatus(b.cookie)).toBe(401);
  });

  it('refuses tampered cookies', async () => {
    const a = await person();
    const token = tokenOf(a.cookie);
    // Our signing matches Better Auth's, both ways.
    expect(await unreadStatus(signed(token))).toBe(200);
    const theirs = (await (await t.request('/api/auth/get-session', { headers: { cookie: signed(token) } })).json()) as { user: { id: string } } | null;
    expect(theirs?.user.id).toBe(a.id);
    const flipped = token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a');
    expect(await unreadStatus(signed(token).replace(token, flipped))).toBe(401); // token changed, old signature
    expect(await unreadStatus(signed(token, 'another-secret-another-secret-another-1'))).toBe(401);
    expect(await unreadStatus(`reelmates.session_token=${token}`)).toBe(401); // unsigned
    const sig = decodeURIComponent(a.cookie.split('=')[1]!).split('.').pop()!;
    const otherSig = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}=`; // one character changed
    expect(await unreadStatus(`reelmates.session_token=${encodeURIComponent(`${token}.${otherSig}`)}`)).toBe(401);
    // The right cookie under a different name is not a session.
    expect(await unreadStatus(a.cookie.replace('reelmates.session_token', 'better-auth.session_token'))).toBe(401);
  });

  it('refuses an expired session and deletes it, as Better Auth does', async () => {
    const a = await person();
    const token = tokenOf(a.cookie);
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect(await unreadStatus(a.cookie)).toBe(401);
    expect(await sessionUser(a.cookie)).toBeNull();
    expect(await t.deps.database.db.select().from(session).where(eq(session.token, token))).toHaveLength(0);
  });

  it('extends a session used after a day, as Better Auth does', async () => {
    const a = await person();
    const token = tokenOf(a.cookie);
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(session.token, token));
    expect(await unreadStatus(a.cookie)).toBe(200);
    const [row] = await t.deps.database.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it('refuses a banned user, even with a session left over', async () => {
    const a = await person();
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, a.id));
    expect(await unreadStatus(a.cookie)).toBe(401);
    expect(await sessionUser(a.cookie)).toBeNull();
    await t.deps.database.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, a.id));
    expect(await unreadStatus(a.cookie)).toBe(200);

    await banUser(t.deps.database.db, a.id, 'spam');
    expect(await unreadStatus(a.cookie)).toBe(401);
    const again = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: a.email, password: a.password } });
    expect(again.status).toBe(403);
  });

  it('treats an unverified user as Better Auth does: the session stands, marked unverified', async () => {
    const a = await person();
    await t.deps.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, a.id));
    const theirs = (await (await t.request('/api/auth/get-session', { headers: { cookie: a.cookie } })).json()) as { user: { id: string; emailVerified: boolean } } | null;
    expect(theirs?.user).toMatchObject({ id: a.id, emailVerified: false });
    expect(await sessionUser(a.cookie)).toMatchObject({ id: a.id, emailVerified: false });
  });

  it('gives the viewer their rights on profiles: owner, other user, admin', async () => {
    const owner = await person();
    const other = await person();
    const admin = await person();
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, owner.id));
    const view = async (cookie?: string) =>
      (await (await t.request(`/api/profiles/${owner.id}`, cookie ? { headers: { cookie } } : {})).json()) as { isOwn: boolean; favoritesCount: number | null };
    expect(await view(owner.cookie)).toMatchObject({ isOwn: true, favoritesCount: 0 });
    expect(await view(admin.cookie)).toMatchObject({ isOwn: false, favoritesCount: 0 });
    expect(await view(other.cookie)).toMatchObject({ isOwn: false, favoritesCount: null });
    expect(await view()).toMatchObject({ isOwn: false, favoritesCount: null });
  });
});

describe('session lookup in production', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await createTestApp({ NODE_ENV: 'production', APP_URL: 'https://reelmates.example' });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('reads the __Secure- cookie and nothing else', async () => {
    const a = await signUpVerified(p);
    expect(a.cookie).toMatch(/^__Secure-reelmates\.session_token=/);
    const status = async (cookie: string) => (await p.request('/api/notifications/unread-count', { headers: { cookie } })).status;
    expect(await status(a.cookie)).toBe(200);
    expect(await status(a.cookie.replace('__Secure-', ''))).toBe(401);
  });
});

// The profile route reads the viewer's session in the same query as the profile
// (profiles/service.ts viewProfileForRequest); it must judge the session exactly as above.
describe('the viewer of a profile, read with the profile', () => {
  it('sees a private profile as admin, owner or follower only while the session is valid', async () => {
    const owner = await person();
    const admin = await person();
    const fan = await person();
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, owner.id));
    expect((await t.request(`/api/follows/${owner.id}`, { method: 'POST', headers: { cookie: fan.cookie } })).status).toBeLessThan(300);
    type View = { isOwn: boolean; favoritesCount: number | null; viewerFollows: boolean };
    const view = async (cookie?: string, path = `/api/profiles/${owner.id}`) => {
      const res = await t.request(path, cookie ? { headers: { cookie } } : {});
      expect(res.status).toBe(200);
      return (await res.json()) as View;
    };
    const guest = { isOwn: false, favoritesCount: null, viewerFollows: false };

    expect(await view(owner.cookie)).toMatchObject({ isOwn: true, favoritesCount: 0 });
    expect(await view(owner.cookie, `/api/profiles/by-username/${owner.username}`)).toMatchObject({ isOwn: true, favoritesCount: 0 });
    expect(await view(admin.cookie)).toMatchObject({ isOwn: false, favoritesCount: 0, viewerFollows: false });
    expect(await view(fan.cookie)).toMatchObject({ isOwn: false, favoritesCount: null, viewerFollows: true });
    expect(await view()).toMatchObject(guest);

    // Tampered: the admin's token under a wrong signature is nobody.
    expect(await view(signed(tokenOf(admin.cookie), 'another-secret-another-secret-another-1'))).toMatchObject(guest);

    // Due for the daily extension: still the admin, and Better Auth extends the session.
    const adminToken = tokenOf(admin.cookie);
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(session.token, adminToken));
    expect(await view(admin.cookie)).toMatchObject({ favoritesCount: 0 });
    const [extended] = await t.deps.database.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, adminToken));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);

    // Banned with a session left over: a guest.
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, admin.id));
    expect(await view(admin.cookie)).toMatchObject(guest);
    await t.deps.database.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, admin.id));
    expect(await view(admin.cookie)).toMatchObject({ favoritesCount: 0 });

    // Expired: a guest, and the session is deleted.
    await t.deps.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, adminToken));
    expect(await view(admin.cookie)).toMatchObject(guest);
    expect(await t.deps.database.db.select().from(session).where(eq(session.token, adminToken))).toHaveLength(0);

    // Signed out: a guest at once.
    expect((await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie: fan.cookie } })).status).toBe(200);
    expect(await view(fan.cookie)).toMatchObject(guest);
  });

  it('answers 404 for a banned or unknown profile whoever asks', async () => {
    const owner = await person();
    const viewer = await person();
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, owner.id));
    expect((await t.request(`/api/profiles/${owner.id}`, { headers: { cookie: viewer.cookie } })).status).toBe(404);
    expect((await t.request('/api/profiles/nobody-here', { headers: { cookie: viewer.cookie } })).status).toBe(404);
  });
});
