import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verification } from '../../db/schema';
import { cookieFrom, linkFromMail, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { deviceName } from './known-devices';

/**
 * Security mails (issue 20, part 6): each one lands in the mailbox exactly once, with a link to
 * secure the account, and a sign-in from a device the account knows sends none.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const LAPTOP_UPDATED = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/133.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const SUBJECTS = {
  newDevice: 'New sign-in to your Reelmates account',
  password: 'Your Reelmates password was changed',
  email: 'The e-mail address of your Reelmates account was changed',
  on: 'Two-factor authentication is on for your Reelmates account',
  off: 'Two-factor authentication is off for your Reelmates account',
};

/** Every mail sent so far to `to` with `subject`, once the outbox is empty. */
async function mails(to: string, subject: string) {
  while ((await t.deps.mail.processDue()) > 0);
  return t.transport.sent.filter((m) => m.to === to && m.subject === subject);
}
/** Every security mail to `to`. */
async function securityMails(to: string) {
  while ((await t.deps.mail.processDue()) > 0);
  const subjects = new Set(Object.values(SUBJECTS));
  return t.transport.sent.filter((m) => m.to === to && subjects.has(m.subject));
}

async function signIn(u: { email: string; password: string }, userAgent?: string) {
  const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password }, headers: userAgent ? { 'user-agent': userAgent } : {} });
  expect(res.status).toBe(200);
  return { res, cookie: cookieFrom(res) };
}

const linksToSettings = (m: { text: string; html: string }) => {
  expect(m.text).toContain('Secure my account: http://localhost/settings#devices');
  expect(m.html).toContain('href="http://localhost/settings#devices"');
};

describe('security mails (issue 20, part 6)', () => {
  it('names a device by browser and system, without the version', () => {
    expect(deviceName(LAPTOP)).toBe('Chrome on Windows');
    expect(deviceName(LAPTOP_UPDATED)).toBe('Chrome on Windows');
    expect(deviceName(PHONE)).toBe('Safari on iOS');
    expect(deviceName(null)).toBe('Unknown browser on Unknown system');
  });

  it('tells of a sign-in from a new device once, and not of the first sign-in after sign-up nor of a known device', async () => {
    const u = await signUpVerified(t);
    // Sign-up's own sign-in (the verification link) is the first device: nothing to tell.
    expect(await securityMails(u.email)).toEqual([]);
    await signIn(u); // the same device as sign-up's
    expect(await securityMails(u.email)).toEqual([]);

    await signIn(u, LAPTOP);
    const told = await mails(u.email, SUBJECTS.newDevice);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('from Chrome on Windows, a device it had not been used on before');
    linksToSettings(told[0]!);

    // The same device again, after a browser update, and the first one: known, no mail.
    await signIn(u, LAPTOP);
    await signIn(u, LAPTOP_UPDATED);
    await signIn(u);
    expect(await mails(u.email, SUBJECTS.newDevice)).toHaveLength(1);

    await signIn(u, PHONE);
    const both = await mails(u.email, SUBJECTS.newDevice);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain('from Safari on iOS');
  });

  it('does not tell of a wrong password, nor of a sign-in that still waits for its code; tells once the code is given', async () => {
    const u = await signUpVerified(t);
    const wrong = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: 'Wr0ng-Password!' }, headers: { 'user-agent': PHONE } });
    expect(wrong.status).toBe(401);

    const started = await t.as(u)('/api/auth/two-factor/enable', { method: 'POST', json: { password: u.password } });
    const secret = new URL(((await started.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const on = await t.as(u)('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp.generate() } });
    expect(on.status).toBe(200);

    const step = await signIn(u, PHONE);
    expect(await step.res.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await mails(u.email, SUBJECTS.newDevice)).toEqual([]);
    const done = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp.generate() }, headers: { cookie: step.cookie, 'user-agent': PHONE } });
    expect(done.status).toBe(200);
    const told = await mails(u.email, SUBJECTS.newDevice);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('Safari on iOS');
  });

  it('tells when two-factor sign-in is turned on and when it is turned off, once each', async () => {
    const u = await signUpVerified(t);
    const started = await t.as(u)('/api/auth/two-factor/enable', { method: 'POST', json: { password: u.password } });
    // Starting the setup is not turning it on.
    expect(await mails(u.email, SUBJECTS.on)).toEqual([]);
    const secret = new URL(((await started.json()) as { totpURI: string }).totpURI).searchParams.get('secret')!;
    const on = await t.as(u)('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() } });
    expect(on.status).toBe(200);
    const onMails = await mails(u.email, SUBJECTS.on);
    expect(onMails).toHaveLength(1);
    linksToSettings(onMails[0]!);

    const cookie = cookieFrom(on);
    expect((await t.request('/api/auth/two-factor/disable', { method: 'POST', json: { password: 'Wr0ng-Password!' }, headers: { cookie } })).status).toBe(400);
    expect(await mails(u.email, SUBJECTS.off)).toEqual([]);
    const off = await t.request('/api/auth/two-factor/disable', { method: 'POST', json: { password: u.password }, headers: { cookie } });
    expect(off.status).toBe(200);
    expect(await mails(u.email, SUBJECTS.on)).toHaveLength(1);
    expect(await mails(u.email, SUBJECTS.off)).toHaveLength(1);
    // Neither is a new device.
    expect(await mails(u.email, SUBJECTS.newDevice)).toEqual([]);
  });

  it('tells of a password change, in Settings or by a reset link, once each; a refused change tells nothing', async () => {
    const u = await signUpVerified(t);
    const refused = await t.as(u)('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: 'Wr0ng-Password!', newPassword: 'N3w-Password-1!', revokeOtherSessions: true },
    });
    expect(refused.status).toBe(400);
    expect(await mails(u.email, SUBJECTS.password)).toEqual([]);

    const changed = await t.as(u)('/api/auth/change-password', {
      method: 'POST',
      json: { currentPassword: u.password, newPassword: 'N3w-Password-1!', revokeOtherSessions: true },
    });
    expect(changed.status).toBe(200);
    const told = await mails(u.email, SUBJECTS.password);
    expect(told).toHaveLength(1);
    linksToSettings(told[0]!);

    expect((await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: u.email, redirectTo: '/auth-password-reset' } })).status).toBe(200);
    const link = new URL(await linkFromMail(t, u.email));
    const followed = await t.request(link.pathname + link.search, { redirect: 'manual' });
    const token = new URL(followed.headers.get('location')!, 'http://localhost').searchParams.get('token')!;
    // The reset page's question (GET /api/accounts/reset-token): valid until used.
    const tokenState = async (value: string) => (await (await t.request(`/api/accounts/reset-token?token=${encodeURIComponent(value)}`)).json()) as { valid: boolean };
    expect(await tokenState(token)).toEqual({ valid: true });
    expect(await tokenState(`${token}x`)).toEqual({ valid: false });
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'N3w-Password-2!' } });
    expect(reset.status).toBe(200);
    expect(await tokenState(token)).toEqual({ valid: false });
    // An unused token past its hour is not valid either.
    const past = new Date(Date.now() - 60_000);
    await t.deps.database.db.insert(verification).values({ id: `expired-${u.id}`, identifier: `reset-password:expired-${u.id}`, value: u.id, expiresAt: past });
    expect(await tokenState(`expired-${u.id}`)).toEqual({ valid: false });
    expect(await mails(u.email, SUBJECTS.password)).toHaveLength(2);
    // The used token again: refused, no mail.
    expect((await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'N3w-Password-3!' } })).status).toBe(400);
    expect(await mails(u.email, SUBJECTS.password)).toHaveLength(2);
  });

  it('tells the old address once when the e-mail changes, and only when it does', async () => {
    const u = await signUpVerified(t);
    const newEmail = `new.${u.email}`;
    expect((await t.as(u)('/api/auth/change-email', { method: 'POST', json: { newEmail, callbackURL: '/settings' } })).status).toBe(200);
    // Asked, not done yet.
    expect(await mails(u.email, SUBJECTS.email)).toEqual([]);
    const link = new URL(await linkFromMail(t, newEmail));
    expect((await t.as(u)(link.pathname + link.search, { redirect: 'manual' })).status).toBe(302);
    const told = await mails(u.email, SUBJECTS.email);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain(`changed to ${newEmail}`);
    linksToSettings(told[0]!);
    // The link again changes nothing and tells nothing.
    await t.as(u)(link.pathname + link.search, { redirect: 'manual' });
    expect(await mails(u.email, SUBJECTS.email)).toHaveLength(1);
    expect(await securityMails(newEmail)).toEqual([]);
  });
});
