import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWO_FACTOR_TEXT, type TwoFactorStatus } from '../../../shared/two-factor';
import { user } from '../../db/schema';
import { cookieFrom, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Two-factor sign-in (issue 20, part 3) through the HTTP API, codes computed from the setup's key
 * with an independent TOTP implementation (otpauth), as an authenticator app would.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'boss2fa@example.com', REQUIRE_ADMIN_2FA: 'true' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;

const totpOf = (uri: string) => {
  const url = new URL(uri);
  expect(url.protocol).toBe('otpauth:');
  expect(url.host).toBe('totp');
  const secret = url.searchParams.get('secret')!;
  return { secret, totp: new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }) };
};

/** A code the server accepts for this key but that differs from the current one and its neighbours. */
const wrongCode = (totp: TOTP) => {
  const near = new Set([-1, 0, 1].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 })));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!near.has(code)) return code;
  }
};

/** Turns two-factor sign-in on: the password, the QR step's URI, then a code. */
async function enable(u: User) {
  const started = await t.as(u)('/api/auth/two-factor/enable', { method: 'POST', json: { password: u.password } });
  expect(started.status).toBe(200);
  const { totpURI, backupCodes } = (await started.json()) as { totpURI: string; backupCodes: string[] };
  const { secret, totp } = totpOf(totpURI);
  expect(backupCodes).toHaveLength(10);
  expect(new Set(backupCodes).size).toBe(10);
  // Not on until a code confirms the setup.
  expect(await status(u)).toMatchObject({ enabled: false });
  const verified = await t.as(u)('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: totp.generate() } });
  expect(verified.status).toBe(200);
  // The session is replaced (its user now says two-factor is on): keep the new cookie.
  const cookie = cookieFrom(verified);
  expect(cookie).toContain('session_token');
  return { ...u, cookie, secret, totp, backupCodes };
}

async function status(u: { cookie: string }): Promise<TwoFactorStatus> {
  const res = await t.as(u)('/api/me/two-factor');
  expect(res.status).toBe(200);
  return (await res.json()) as TwoFactorStatus;
}

/** The password step: answers that a code is wanted, with the pending sign-in's cookie and no session. */
async function passwordStep(u: User, headers: Record<string, string> = {}) {
  const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password }, headers });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { twoFactorRedirect?: boolean; twoFactorMethods?: string[] };
  const cookie = cookieFrom(res);
  return { body, cookie };
}

const fromAddress = { 'x-forwarded-for': '10.200.0.1' };

describe('two-factor sign-in (issue 20, part 3)', () => {
  it('turns on with the password and a code, then asks for a code after the password, and signs in with it', async () => {
    const u = await enable(await signUpVerified(t));
    expect(await status(u)).toEqual({ enabled: true, required: false });

    const step = await passwordStep(u);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(step.cookie).toContain('two_factor');
    expect(step.cookie).not.toMatch(/session_token=[^;]+/);
    // Nothing is signed in yet.
    expect((await t.request('/api/me/two-factor', { headers: { cookie: step.cookie } })).status).toBe(401);

    const done = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: u.totp.generate() }, headers: { cookie: step.cookie } });
    expect(done.status).toBe(200);
    expect(await status({ cookie: cookieFrom(done) })).toEqual({ enabled: true, required: false });
    // The pending sign-in is used up: the same cookie cannot make a second session.
    const again = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: u.totp.generate() }, headers: { cookie: step.cookie } });
    expect(again.status).toBe(401);
  });

  it('refuses a wrong code during setup and leaves two-factor off', async () => {
    const u = await signUpVerified(t);
    expect((await t.as(u)('/api/auth/two-factor/enable', { method: 'POST', json: { password: 'Wr0ng-Password!' } })).status).toBe(400);
    const started = await t.as(u)('/api/auth/two-factor/enable', { method: 'POST', json: { password: u.password } });
    const { totp } = totpOf(((await started.json()) as { totpURI: string }).totpURI);
    const res = await t.as(u)('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: wrongCode(totp) } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(TWO_FACTOR_TEXT.invalidCode);
    expect(await status(u)).toEqual({ enabled: false, required: false });
    // And signing in still needs only the password.
    const step = await passwordStep(u);
    expect(step.body).not.toHaveProperty('twoFactorRedirect');
    expect(step.cookie).toContain('session_token');
  });

  it('signs in with a backup code once; the same code then stops working', async () => {
    const u = await enable(await signUpVerified(t));
    const code = u.backupCodes[3]!;
    const first = await passwordStep(u);
    const used = await t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code }, headers: { cookie: first.cookie } });
    expect(used.status).toBe(200);
    expect(cookieFrom(used)).toContain('session_token');

    const second = await passwordStep(u);
    const reused = await t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code }, headers: { cookie: second.cookie } });
    expect(reused.status).toBe(401);
    expect(((await reused.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'invalid_backup_code', message: TWO_FACTOR_TEXT.invalidBackupCode });
    // Another of the ten still works.
    const other = await t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: u.backupCodes[4] }, headers: { cookie: second.cookie } });
    expect(other.status).toBe(200);
  });

  it('limits wrong codes: after five in a row even the right code is refused with a clear message', async () => {
    const u = await enable(await signUpVerified(t));
    const step = await passwordStep(u);
    const wrong = wrongCode(u.totp);
    for (let i = 0; i < 5; i++) {
      const res = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: wrong }, headers: { cookie: step.cookie } });
      expect(res.status).toBe(401);
    }
    const right = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: u.totp.generate() }, headers: { cookie: step.cookie } });
    expect(right.status).toBe(429);
    expect(((await right.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'two_factor_locked', message: TWO_FACTOR_TEXT.limited });
    // A fresh password step does not lift it: the lock is the account's.
    const fresh = await passwordStep(u);
    const still = await t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code: u.backupCodes[0] }, headers: { cookie: fresh.cookie } });
    expect(still.status).toBe(429);
    // When the lock has run out, the right code works again.
    await t.deps.database.db.execute(`UPDATE two_factor SET locked_until = now() - interval '1 second' WHERE user_id = '${u.id}'`);
    const later = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: u.totp.generate() }, headers: { cookie: fresh.cookie } });
    expect(later.status).toBe(200);
  });

  it("trusts a device for 30 days when asked: that browser's next sign-in needs no code, another's does", async () => {
    const u = await enable(await signUpVerified(t));
    const step = await passwordStep(u, fromAddress);
    const done = await t.request('/api/auth/two-factor/verify-totp', {
      method: 'POST',
      json: { code: u.totp.generate(), trustDevice: true },
      headers: { cookie: step.cookie, ...fromAddress },
    });
    expect(done.status).toBe(200);
    const trust = done.headers.getSetCookie().find((c) => c.includes('trust_device'))!;
    expect(trust).toMatch(/Max-Age=2592000/);
    const trusted = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: u.email, password: u.password },
      headers: { cookie: trust.split(';')[0]!, ...fromAddress },
    });
    expect(trusted.status).toBe(200);
    expect(await trusted.json()).not.toHaveProperty('twoFactorRedirect');
    expect(cookieFrom(trusted)).toContain('session_token');
    expect((await passwordStep(u)).body.twoFactorRedirect).toBe(true);
  });

  it('turning it off needs the password', async () => {
    const u = await enable(await signUpVerified(t));
    const noPassword = await t.as(u)('/api/auth/two-factor/disable', { method: 'POST', json: {} });
    expect(noPassword.status).toBe(400);
    const wrong = await t.as(u)('/api/auth/two-factor/disable', { method: 'POST', json: { password: 'Wr0ng-Password!' } });
    expect(wrong.status).toBe(400);
    expect(await status(u)).toMatchObject({ enabled: true });
    const off = await t.as(u)('/api/auth/two-factor/disable', { method: 'POST', json: { password: u.password } });
    expect(off.status).toBe(200);
    expect(await status({ cookie: cookieFrom(off) })).toMatchObject({ enabled: false });
    expect((await passwordStep(u)).cookie).toContain('session_token');
  });

  it('REQUIRE_ADMIN_2FA: an admin without it is refused admin routes with a message that sends them to Settings, until it is on', async () => {
    const boss = await signUpVerified(t, { email: 'boss2fa@example.com' });
    expect(await status(boss)).toEqual({ enabled: false, required: true });
    const refused = await t.as(boss)('/api/admin/overview');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'two_factor_required', message: TWO_FACTOR_TEXT.adminRequired });
    const on = await enable(boss);
    expect(await status(on)).toEqual({ enabled: true, required: true });
    expect((await t.as(on)('/api/admin/overview')).status).toBe(200);
    // A user who is not an admin is told nothing about two-factor: plain 403.
    const plain = await signUpVerified(t);
    const res = await t.as(plain)('/api/admin/overview');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('ADMIN_EMAILS applies at the end of a two-factor sign-in, as at a plain password sign-in (ruling 27)', async () => {
    const boss = await enable(await signUpVerified(t, { email: 'boss2fa-late@example.com' }));
    const t2 = await createTestApp({ ADMIN_EMAILS: 'boss2fa-late@example.com' }, { database: t.deps.database });
    try {
      const isAdmin = async (cookie: string) =>
        ((await (await t2.request('/api/session', { headers: { cookie } })).json()) as { access: { isAdmin: boolean } | null }).access?.isAdmin;
      expect(await isAdmin(boss.cookie)).toBe(false);
      const step = await t2.request('/api/auth/sign-in/email', { method: 'POST', json: { email: boss.email, password: boss.password } });
      expect(((await step.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
      const done = await t2.request('/api/auth/two-factor/verify-totp', { method: 'POST', json: { code: boss.totp.generate() }, headers: { cookie: cookieFrom(step) } });
      expect(done.status).toBe(200);
      expect(await isAdmin(cookieFrom(done))).toBe(true);
    } finally {
      await t2.close();
    }
  });

  it('generates new backup codes with the password: shown once, the old ones stop working, the owner is told by mail', async () => {
    const u = await enable(await signUpVerified(t));
    const regenerate = (password: string, cookie = u.cookie) =>
      t.request('/api/auth/two-factor/generate-backup-codes', { method: 'POST', json: { password }, headers: { cookie } });
    const replacedMails = async () => {
      while ((await t.deps.mail.processDue()) > 0);
      return t.transport.sent.filter((m) => m.to === u.email && m.subject === 'New backup codes for your Reelmates account');
    };
    const backupSignIn = async (code: string) => {
      const step = await passwordStep(u);
      return t.request('/api/auth/two-factor/verify-backup-code', { method: 'POST', json: { code }, headers: { cookie: step.cookie } });
    };

    // A wrong password changes nothing and tells nothing; a visitor is asked to sign in.
    const wrong = await regenerate('Wr0ng-Password!');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_password');
    expect((await regenerate(u.password, '')).status).toBe(401);
    expect(await replacedMails()).toEqual([]);

    const res = await regenerate(u.password);
    expect(res.status).toBe(200);
    const fresh = ((await res.json()) as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.filter((c) => u.backupCodes.includes(c))).toEqual([]);
    const told = await replacedMails();
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('The backup codes you had before no longer work.');
    expect(told[0]!.text).toContain('http://localhost/settings#devices');

    const old = await backupSignIn(u.backupCodes[0]!);
    expect(old.status).toBe(401);
    expect(((await old.json()) as { error: { message: string } }).error.message).toBe(TWO_FACTOR_TEXT.invalidBackupCode);
    const ok = await backupSignIn(fresh[0]!);
    expect(ok.status).toBe(200);
    expect(cookieFrom(ok)).toMatch(/session_token=[^;]+/);
    // Still on, and the codes are still shown only once: nothing reads them back.
    expect(await status(u)).toEqual({ enabled: true, required: false });

    // Without two-factor on there are no codes to replace.
    const plain = await signUpVerified(t);
    expect((await regenerate(plain.password, plain.cookie)).status).toBe(400);
  });

  it('stores the key and the backup codes encrypted, never as given', async () => {
    const u = await enable(await signUpVerified(t));
    const rows = await t.deps.database.db.execute(`SELECT secret, backup_codes FROM two_factor WHERE user_id = '${u.id}'`);
    const row = (rows as unknown as { rows: { secret: string; backup_codes: string }[] }).rows[0]!;
    expect(row.secret).not.toContain(u.secret);
    for (const code of u.backupCodes) expect(row.backup_codes).not.toContain(code);
    const [flag] = await t.deps.database.db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, u.id));
    expect(flag?.on).toBe(true);
  });
});
