import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, profiles, session, user } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// A ban deletes the user's sessions, but one can be left over (created in a race with the ban,
// or restored from a backup). Better Auth's own routes must refuse it as our routes do.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REFUSED = { error: { code: 'account_banned', message: 'Your account has been banned: Spam.' } };

/** A verified user whose profile is banned while their session row stays. */
async function bannedWithSession() {
  const u = await signUpVerified(t);
  await t.deps.database.db.update(profiles).set({ isBanned: true, banReason: 'Spam.' }).where(eq(profiles.id, u.id));
  return u;
}

async function accountState(userId: string) {
  const { db } = t.deps.database;
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  const [credential] = await db.select({ password: account.password }).from(account).where(eq(account.userId, userId));
  const sessions = await db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  return { email: row?.email, password: credential?.password, sessions: sessions.map((s) => s.id).sort() };
}

describe('Better Auth routes with a banned user’s leftover session', () => {
  const newPassword = 'An0ther-Strong!';
  const routes: [string, string, (u: { email: string; password: string }) => unknown][] = [
    ['GET', '/api/auth/get-session', () => undefined],
    ['GET', '/api/auth/list-sessions', () => undefined],
    ['POST', '/api/auth/change-email', (u) => ({ newEmail: `new.${u.email}`, callbackURL: '/settings' })],
    ['POST', '/api/auth/change-password', (u) => ({ currentPassword: u.password, newPassword, revokeOtherSessions: true })],
    ['POST', '/api/auth/revoke-other-sessions', () => ({})],
  ];

  for (const [method, path, body] of routes) {
    it(`refuses ${method} ${path}`, async () => {
      const u = await bannedWithSession();
      const before = await accountState(u.id);
      const json = body(u);
      const res = await t.request(path, { method, headers: { cookie: u.cookie }, ...(json === undefined ? {} : { json }) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual(REFUSED);
      // The browser is told to drop the cookie.
      expect(res.headers.getSetCookie().some((c) => /^reelmates\.session_token=;.*Max-Age=0/i.test(c))).toBe(true);
      // Nothing changed on the account: e-mail, password, sessions.
      expect(await accountState(u.id)).toEqual(before);
    });
  }

  it('still answers the same routes once the ban is lifted', async () => {
    const u = await bannedWithSession();
    await t.deps.database.db.update(profiles).set({ isBanned: false, banReason: null }).where(eq(profiles.id, u.id));
    const res = await t.request('/api/auth/get-session', { headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    expect((await res.json()).user.id).toBe(u.id);
  });
});
