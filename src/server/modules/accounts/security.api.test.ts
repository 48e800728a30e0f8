import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user } from '../../db/schema';
import { cookieFrom, linkFromMail, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { banUser } from './moderation';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const session = async (cookie: string) => (await (await t.request('/api/session', { headers: { cookie } })).json()).user;
const signIn = (email: string, password: string, ip?: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers: ip ? { 'x-forwarded-for': ip } : {} });

describe('account security', () => {
  it('limits reset and verification mails to 3 per account in 15 minutes, whatever the address', async () => {
    // Each request comes from an address of its own (the harness), so Better Auth's per-address
    // limits (5 in 5 minutes) never answer here: the 429 is the per-account one.
    const u = await signUpVerified(t);
    const reset = () => t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: u.email, redirectTo: '/auth-password-reset' } });
    for (let i = 1; i <= 3; i++) expect((await reset()).status, `reset ${i}`).toBe(200);
    const resetLimited = await reset();
    expect(resetLimited.status).toBe(429);
    expect(await resetLimited.json()).toEqual({
      error: { code: 'rate_limited', message: 'A reset link was sent several times already. Please check your inbox and spam folder, or try again later.' },
    });

    const v = await signUpVerified(t);
    const verify = () => t.request('/api/auth/send-verification-email', { method: 'POST', json: { email: v.email } });
    for (let i = 1; i <= 3; i++) expect((await verify()).status, `verification ${i}`).toBe(200);
    const verifyLimited = await verify();
    expect(verifyLimited.status).toBe(429);
    expect(await verifyLimited.json()).toEqual({
      error: { code: 'rate_limited', message: 'A verification link was sent several times already. Please check your inbox and spam folder, or try again later.' },
    });
  });

  it('answers 429 from the 11th sign-in attempt a minute from one address, whatever the accounts', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++) statuses.push((await signIn(`nobody${i}@example.com`, 'Wrong-Pass1!', '192.0.2.77')).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const eleventh = await signIn('nobody11@example.com', 'Wrong-Pass1!', '192.0.2.77');
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many requests. Please try again later.' } });
    expect(eleventh.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    // Another address is not held back by this one's attempts.
    expect((await signIn('nobody12@example.com', 'Wrong-Pass1!', '192.0.2.78')).status).toBe(401);
  });

  it('refuses the old cookie right after sign-out', async () => {
    const u = await signUpVerified(t);
    expect(await session(u.cookie)).not.toBeNull();
    expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { cookie: u.cookie } })).status).toBe(200);
    expect(await session(u.cookie)).toBeNull();
  });

  it('ends a banned user’s sessions at once and tells them why at sign-in', async () => {
    const u = await signUpVerified(t);
    const [row] = await t.deps.database.db.select({ id: user.id }).from(user).where(eq(user.email, u.email));
    await banUser(t.deps.database.db, row!.id, 'Banned by admin after user report.');
    expect(await session(u.cookie)).toBeNull();
    const res = await signIn(u.email, u.password);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: { code: 'account_banned', message: 'Your account has been banned: Banned by admin after user report.' } });
  });

  it('deletes the account only with DELETE typed, removes its data and refuses the old cookie', async () => {
    const u = await signUpVerified(t);
    const wrong = await t.request('/api/accounts/delete', { method: 'POST', json: { confirm: 'delete' }, headers: { cookie: u.cookie } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe("Please type 'DELETE' to confirm account deletion");
    expect((await t.request('/api/accounts/delete', { method: 'POST', json: { confirm: 'DELETE' } })).status).toBe(401);

    const [row] = await t.deps.database.db.select({ id: user.id }).from(user).where(eq(user.email, u.email));
    const ok = await t.request('/api/accounts/delete', { method: 'POST', json: { confirm: 'DELETE' }, headers: { cookie: u.cookie } });
    expect(ok.status).toBe(200);
    expect(await session(u.cookie)).toBeNull();
    expect(await t.deps.database.db.select().from(profiles).where(eq(profiles.id, row!.id))).toEqual([]);
    expect((await signIn(u.email, u.password)).status).toBe(401);
  });

  it('changes the password under the policy and ends the other sessions', async () => {
    const u = await signUpVerified(t);
    const other = cookieFrom(await signIn(u.email, u.password));
    const weak = await t.request('/api/auth/change-password', { method: 'POST', json: { currentPassword: u.password, newPassword: 'weakpass' }, headers: { cookie: u.cookie } });
    expect(weak.status).toBe(400);
    expect((await weak.json()).error.message).toMatch(/^Password requirements not met/);
    const ok = await t.request('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: u.password, newPassword: 'An0ther-Strong!', revokeOtherSessions: true },
      headers: { cookie: u.cookie },
    });
    expect(ok.status).toBe(200);
    expect(await session(other)).toBeNull();
    expect((await signIn(u.email, 'An0ther-Strong!')).status).toBe(200);
  });

  it('changes the e-mail only after the link sent to the new address is followed', async () => {
    const u = await signUpVerified(t);
    const newEmail = `new.${u.email}`;
    const res = await t.request('/api/auth/change-email', { method: 'POST', json: { newEmail, callbackURL: '/settings' }, headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    expect((await session(u.cookie)).email).toBe(u.email);
    const link = new URL(await linkFromMail(t, newEmail));
    const followed = await t.request(link.pathname + link.search, { redirect: 'manual', headers: { cookie: u.cookie } });
    expect(followed.status).toBe(302);
    expect((await signIn(newEmail, u.password)).status).toBe(200);
  });
});
