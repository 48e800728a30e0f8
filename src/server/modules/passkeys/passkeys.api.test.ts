import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PasskeyList, PasskeyView } from '../../../shared/passkeys';
import { adminAuditLog, userRoles } from '../../db/schema';
import { cookieFrom, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertPasskey } from '../../test/passkeys';
import { SoftAuthenticator } from '../../test/soft-authenticator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(); // APP_URL http://localhost: relying party "localhost", origin http://localhost
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;

const list = async (u: User) => {
  const res = await t.as(u)('/api/me/passkeys');
  expect(res.status).toBe(200);
  return ((await res.json()) as PasskeyList).passkeys;
};

/** Registers a passkey through Better Auth's plugin, as the Settings card does with the browser's WebAuthn. */
async function register(app: TestApp, u: User, key: SoftAuthenticator, name?: string): Promise<Response> {
  const options = await app.as(u)('/api/auth/passkey/generate-register-options');
  expect(options.status).toBe(200);
  const cookie = `${u.cookie}; ${cookieFrom(options)}`;
  const response = key.create((await options.json()) as Parameters<SoftAuthenticator['create']>[0]);
  return app.request('/api/auth/passkey/verify-registration', { method: 'POST', headers: { cookie }, json: { response, ...(name === undefined ? {} : { name }) } });
}

/** Signs in with a passkey as a visitor, as /auth does: answers the response, with the new session's cookie. */
async function signInWith(app: TestApp, key: SoftAuthenticator): Promise<Response> {
  const options = await app.request('/api/auth/passkey/generate-authenticate-options');
  expect(options.status).toBe(200);
  return app.request('/api/auth/passkey/verify-authentication', {
    method: 'POST',
    headers: { cookie: cookieFrom(options) },
    json: { response: key.get((await options.json()) as Parameters<SoftAuthenticator['get']>[0]) },
  });
}

describe('passkeys (issue 20, part 4)', () => {
  it('registers a passkey with its name, signs in with it, and once removed it signs in no more', async () => {
    const u = await signUpVerified(t);
    const key = new SoftAuthenticator('http://localhost');
    const made = await register(t, u, key, 'Work laptop');
    expect(made.status).toBe(200);
    const [listed, ...rest] = await list(u);
    expect(rest).toEqual([]);
    expect(listed).toMatchObject({ name: 'Work laptop', provider: null, synced: false });

    const signedIn = await signInWith(t, key);
    expect(signedIn.status).toBe(200);
    const session = { ...u, cookie: cookieFrom(signedIn) };
    expect(session.cookie).toMatch(/session_token=/);
    expect((await list(session)).map((p) => p.id)).toEqual([listed!.id]);

    expect((await t.as(u)(`/api/me/passkeys/${listed!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await list(u)).toEqual([]);
    const refused = await signInWith(t, key);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/passkey/i);
    expect((await t.as(u)(`/api/me/passkeys/${listed!.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('refuses a passkey made for another origin, and a name longer than the rule at registration', async () => {
    const u = await signUpVerified(t);
    const phish = await register(t, u, new SoftAuthenticator('https://phish.example'));
    expect(phish.status).toBe(400);
    const long = await register(t, u, new SoftAuthenticator('http://localhost'), 'x'.repeat(51));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toMatch(/50 characters/);
    expect(await list(u)).toEqual([]);
  });

  it('limits passkey sign-in attempts to ten a minute from one address', async () => {
    const from = { 'x-forwarded-for': '10.250.0.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.request('/api/auth/passkey/verify-authentication', { method: 'POST', headers: from, json: { response: { id: 'nope' } } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('needs a session to register one', async () => {
    expect((await t.request('/api/auth/passkey/generate-register-options')).status).toBe(401);
  });

  it('renames my passkey; the name is trimmed and checked', async () => {
    const u = await signUpVerified(t);
    const id = await insertPasskey(t, u.id, { name: null, aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4' });
    // Unnamed: called by its provider.
    expect((await list(u))[0]).toMatchObject({ id, name: 'Google Password Manager', provider: 'Google Password Manager' });
    const res = await t.as(u)(`/api/me/passkeys/${id}`, { method: 'PATCH', json: { name: '  Phone  ' } });
    expect(res.status).toBe(200);
    expect((await res.json()) as PasskeyView).toMatchObject({ id, name: 'Phone' });
    expect((await list(u))[0]!.name).toBe('Phone');
    for (const name of ['', '   ', 'x'.repeat(51)]) {
      expect((await t.as(u)(`/api/me/passkeys/${id}`, { method: 'PATCH', json: { name } })).status).toBe(400);
    }
    expect((await list(u))[0]!.name).toBe('Phone');
  });

  it("never lists, renames or removes another user's passkey: its id answers 404 and it stays as it was", async () => {
    const [a, b] = [await signUpVerified(t), await signUpVerified(t)];
    const older = await insertPasskey(t, a.id, { name: 'Old key', createdAt: new Date(Date.now() - 60_000) });
    const mine = await insertPasskey(t, a.id, { name: 'Mine' });
    expect((await list(a)).map((p) => p.name)).toEqual(['Mine', 'Old key']);
    expect(await list(b)).toEqual([]);

    const rename = await t.as(b)(`/api/me/passkeys/${mine}`, { method: 'PATCH', json: { name: 'Taken' } });
    expect(rename.status).toBe(404);
    expect(((await rename.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await t.as(b)(`/api/me/passkeys/${mine}`, { method: 'DELETE' })).status).toBe(404);
    expect((await list(a)).map((p) => [p.id, p.name])).toEqual([
      [mine, 'Mine'],
      [older, 'Old key'],
    ]);
    // A visitor is asked to sign in.
    expect((await t.request(`/api/me/passkeys/${mine}`, { method: 'DELETE' })).status).toBe(401);
    expect((await t.request('/api/me/passkeys')).status).toBe(401);
  });

  it("Better Auth's own list, update and delete endpoints are not served (ours check ownership)", async () => {
    const u = await signUpVerified(t);
    const id = await insertPasskey(t, u.id);
    expect((await t.as(u)('/api/auth/passkey/list-user-passkeys')).status).toBe(404);
    expect((await t.as(u)('/api/auth/passkey/update-passkey', { method: 'POST', json: { id, name: 'x' } })).status).toBe(404);
    expect((await t.as(u)('/api/auth/passkey/delete-passkey', { method: 'POST', json: { id } })).status).toBe(404);
    expect(await list(u)).toHaveLength(1);
  });
});

describe('passkeys behind a proxy: the relying party is APP_URL, whatever address the request came to', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ APP_URL: 'https://reelmates.example' });
  });
  afterAll(() => proxied.close());

  it('registers and signs in at the public origin, and refuses the same passkey at another', async () => {
    const u = await signUpVerified(proxied);
    const options = (await (await proxied.as(u)('/api/auth/passkey/generate-register-options')).json()) as { rp: { id: string } };
    expect(options.rp.id).toBe('reelmates.example');
    const key = new SoftAuthenticator('https://reelmates.example');
    expect((await register(proxied, u, key, 'Phone')).status).toBe(200);
    expect((await signInWith(proxied, key)).status).toBe(200);
    expect((await register(proxied, u, new SoftAuthenticator('http://localhost'))).status).toBe(400);
  });
});

describe('ADMIN_EMAILS at a passkey sign-in (ruling 27, decision 020): the same role as a password sign-in', () => {
  const BOSS = 'keyboss@example.com';
  let boss: TestApp;
  beforeAll(async () => {
    boss = await createTestApp({ ADMIN_EMAILS: BOSS });
  });
  afterAll(() => boss.close());

  const isAdmin = async (app: TestApp, cookie: string) => {
    const res = await app.request('/api/session', { headers: { cookie } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access: { isAdmin: boolean } | null }).access?.isAdmin ?? false;
  };
  const roleRows = (app: TestApp, id: string) => app.deps.database.db.select().from(userRoles).where(eq(userRoles.userId, id));
  const passwordSignIn = async (app: TestApp, u: User) => {
    const res = await app.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } });
    expect(res.status).toBe(200);
    return cookieFrom(res);
  };
  const passkeySignIn = async (app: TestApp, key: SoftAuthenticator) => {
    const res = await signInWith(app, key);
    expect(res.status).toBe(200);
    return cookieFrom(res);
  };

  it('grants the role to a listed address at a passkey sign-in, as the password sign-in does, and to nobody else', async () => {
    const u = await signUpVerified(boss, { email: BOSS });
    const key = new SoftAuthenticator('http://localhost');
    expect((await register(boss, u, key, 'Laptop')).status).toBe(200);
    const plain = await signUpVerified(boss);
    const plainKey = new SoftAuthenticator('http://localhost');
    expect((await register(boss, plain, plainKey)).status).toBe(200);

    // The address added to ADMIN_EMAILS after the account verified: no row yet.
    await boss.deps.database.db.delete(userRoles).where(eq(userRoles.userId, u.id));
    expect(await isAdmin(boss, u.cookie)).toBe(false);
    const byPasskey = await passkeySignIn(boss, key);
    expect(await isAdmin(boss, byPasskey)).toBe(true);
    expect(await roleRows(boss, u.id)).toEqual([expect.objectContaining({ role: 'admin' })]);
    const granted = await boss.deps.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, u.id));
    expect(granted.map((e) => [e.action, e.actorName])).toEqual([
      ['grant_admin', 'ADMIN_EMAILS'],
      ['grant_admin', 'ADMIN_EMAILS'],
    ]);

    // The password sign-in gives the same, no more: the role is there once.
    await boss.deps.database.db.delete(userRoles).where(eq(userRoles.userId, u.id));
    const byPassword = await passwordSignIn(boss, u);
    expect(await isAdmin(boss, byPassword)).toBe(true);
    expect(await isAdmin(boss, byPasskey)).toBe(true);
    expect(await roleRows(boss, u.id)).toHaveLength(1);

    // An address not in the setting gets nothing either way.
    expect(await isAdmin(boss, await passkeySignIn(boss, plainKey))).toBe(false);
    expect(await isAdmin(boss, await passwordSignIn(boss, plain))).toBe(false);
    expect(await roleRows(boss, plain.id)).toEqual([]);
  });

  it('once the address is taken out of ADMIN_EMAILS, a passkey sign-in treats the role as a password sign-in does (decision 020: kept until `npm run admin -- revoke`)', async () => {
    const u = await signUpVerified(boss, { email: 'keyboss2@example.com' });
    const key = new SoftAuthenticator('http://localhost');
    expect((await register(boss, u, key)).status).toBe(200);
    // The same database restarted with another setting: this address was in it, is no more.
    const before = await createTestApp({ ADMIN_EMAILS: 'keyboss2@example.com' }, { database: boss.deps.database });
    try {
      expect(await isAdmin(before, await passkeySignIn(before, key))).toBe(true);
    } finally {
      await before.close();
    }
    const outcome = async (signIn: () => Promise<string>) => {
      const cookie = await signIn();
      return { admin: await isAdmin(boss, cookie), rows: (await roleRows(boss, u.id)).length };
    };
    const byPassword = await outcome(() => passwordSignIn(boss, u));
    const byPasskey = await outcome(() => passkeySignIn(boss, key));
    expect(byPasskey).toEqual(byPassword);
    expect(byPasskey).toEqual({ admin: true, rows: 1 });
    // Revoked by the operator: neither way of signing in brings it back while the address is unlisted.
    await boss.deps.database.db.delete(userRoles).where(eq(userRoles.userId, u.id));
    expect(await outcome(() => passkeySignIn(boss, key))).toEqual({ admin: false, rows: 0 });
    expect(await outcome(() => passwordSignIn(boss, u))).toEqual({ admin: false, rows: 0 });
  });
});
