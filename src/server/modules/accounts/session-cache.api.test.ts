import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../../shared/session';
import { profiles, session, subscriptions, userRoles } from '../../db/schema';
import { cookieFrom, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { banUser, unbanUser } from './moderation';

// The session cache (decision 013) on two instances of one database: whatever ends or changes a
// session on one, by any path, is seen by the other's very next request, though both had it cached.
let one: TestApp;
let two: TestApp;
beforeAll(async () => {
  one = await createTestApp();
  two = await createTestApp({}, { database: one.deps.database });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

async function view(t: TestApp, cookie: string): Promise<SessionView> {
  const res = await t.request('/api/session', { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionView;
}

/** A route behind requireUser, on an instance. */
const unread = async (t: TestApp, cookie: string) => (await t.request('/api/notifications/unread-count', { headers: { cookie } })).status;

/** Signed in, and cached on both instances. */
async function cachedOnBoth() {
  const u = await signUpVerified(one);
  for (const t of [one, two]) {
    expect((await view(t, u.cookie)).user?.id).toBe(u.id);
    const hits = t.deps.sessions.hits;
    expect((await view(t, u.cookie)).user?.id).toBe(u.id);
    expect(t.deps.sessions.hits).toBe(hits + 1);
  }
  return u;
}

describe('session cache on two instances of one database', () => {
  it('answers a signed-in request from memory, and /api/session from the same record', async () => {
    const u = await cachedOnBoth();
    const hits = two.deps.sessions.hits;
    const misses = two.deps.sessions.misses;
    for (let i = 0; i < 5; i++) expect(await unread(two, u.cookie)).toBe(200);
    expect(two.deps.sessions.hits).toBe(hits + 5);
    expect(two.deps.sessions.misses).toBe(misses);
    expect(await view(two, u.cookie)).toMatchObject({ user: { id: u.id, email: u.email, emailVerified: true }, access: { isAdmin: false, isSubscribed: false } });
  });

  it('a sign-out on one ends the session on the other at once', async () => {
    const u = await cachedOnBoth();
    expect((await one.request('/api/auth/sign-out', { method: 'POST', headers: { cookie: u.cookie } })).status).toBe(200);
    expect(await unread(two, u.cookie)).toBe(401);
    expect((await view(two, u.cookie)).user).toBeNull();
  });

  it('revoking the other sessions, and changing the password, end them on the other instance', async () => {
    const u = await cachedOnBoth();
    const signIn = async () => cookieFrom(await one.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } }));
    const second = await signIn();
    expect(await unread(two, second)).toBe(200);
    expect((await one.request('/api/auth/revoke-other-sessions', { method: 'POST', json: {}, headers: { cookie: second } })).status).toBe(200);
    expect(await unread(two, u.cookie)).toBe(401);
    expect(await unread(two, second)).toBe(200);

    const third = await signIn();
    expect(await unread(two, third)).toBe(200);
    const changed = await one.request('/api/auth/change-password', {
      method: 'POST',
      headers: { cookie: second },
      json: { currentPassword: u.password, newPassword: 'N3w-Corr3ct-Horse!', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    expect(await unread(two, third)).toBe(401);
  });

  it('a ban, and a session row deleted by hand, are refused on the other instance at once', async () => {
    const u = await cachedOnBoth();
    await banUser(one.deps.database.db, u.id, 'spam');
    expect(await unread(two, u.cookie)).toBe(401);
    expect((await view(two, u.cookie)).user).toBeNull();
    await unbanUser(one.deps.database.db, u.id);

    const v = await cachedOnBoth();
    await one.deps.database.db.delete(session).where(eq(session.userId, v.id));
    expect(await unread(two, v.cookie)).toBe(401);

    // A ban flag set by hand, with the session left over (decision 009): refused too.
    const w = await cachedOnBoth();
    await one.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, w.id));
    expect(await unread(two, w.cookie)).toBe(401);
  });

  it('a deleted account is refused on the other instance at once', async () => {
    const u = await cachedOnBoth();
    expect((await one.request('/api/accounts/delete', { method: 'POST', headers: { cookie: u.cookie }, json: { confirm: 'DELETE' } })).status).toBe(200);
    expect(await unread(two, u.cookie)).toBe(401);
    expect((await view(two, u.cookie)).user).toBeNull();
  });

  it('a role or plan change, and a new name, are seen on the next request on the other instance', async () => {
    const u = await cachedOnBoth();
    const db = one.deps.database.db;
    // Not one of the founding members (premium for life), so that a plan shows.
    await db.update(profiles).set({ foundingMember: false, foundingNumber: null }).where(eq(profiles.id, u.id));
    expect((await view(two, u.cookie)).access).toMatchObject({ isFoundingMember: false, isPremium: false, tier: 'free' });
    await db.insert(userRoles).values({ userId: u.id, role: 'admin' });
    expect((await view(two, u.cookie)).access).toMatchObject({ isAdmin: true, isPremium: true });
    await db.delete(userRoles).where(eq(userRoles.userId, u.id));
    expect((await view(two, u.cookie)).access).toMatchObject({ isAdmin: false, isPremium: false, tier: 'free' });

    await db.insert(subscriptions).values({ userId: u.id, subscribed: true, subscriptionTier: 'premium' });
    expect((await view(two, u.cookie)).access).toMatchObject({ isPremium: true, isSubscribed: true, tier: 'premium' });
    await db
      .update(subscriptions)
      .set({ subscribed: false, subscriptionTier: 'trial', trialEnd: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(subscriptions.userId, u.id));
    expect((await view(two, u.cookie)).access).toMatchObject({ isSubscribed: false, isOnTrial: true, trialDaysLeft: 3, tier: 'trial' });
    await db.delete(subscriptions).where(eq(subscriptions.userId, u.id));
    expect((await view(two, u.cookie)).access).toMatchObject({ isPremium: false, tier: 'free' });

    const saved = await one.request('/api/me/profile', { method: 'PATCH', headers: { cookie: u.cookie }, json: { fullName: 'Cached Name' } });
    expect(saved.status).toBe(200);
    expect((await view(two, u.cookie)).user?.fullName).toBe('Cached Name');
  });

  it('a favorite (a kept counter on the profile) does not empty the cache', async () => {
    const u = await cachedOnBoth();
    const added = await one.request('/api/me/favorites', { method: 'POST', headers: { cookie: u.cookie }, json: { mediaId: 238, mediaType: 'movie', rating: 4 } });
    expect(added.status).toBeLessThan(300);
    const hits = two.deps.sessions.hits;
    expect(await unread(two, u.cookie)).toBe(200);
    expect(two.deps.sessions.hits).toBe(hits + 1);
  });
});
