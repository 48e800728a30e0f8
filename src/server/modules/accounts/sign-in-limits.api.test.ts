import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// Who may try to sign in, and how often: per address (Better Auth, behind the proxy hops we
// trust), per account and address, and per account across all addresses.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, forwardedFor?: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

/** Better Auth's per-address windows are a minute long; this stands for the minute passing. */
const minutePasses = () => t.deps.database.db.delete(rateLimit);

describe('client address behind a proxy', () => {
  it('limits by the address the proxy saw, not the left-most entry the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) statuses.push((await signIn(`spoof${i}@example.com`, 'Wrong-Pass1!', `203.0.113.${i}, 10.0.0.1`)).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('trusts more hops only when told to', async () => {
    const two = await createTestApp({ TRUST_PROXY_HOPS: '2' });
    try {
      const statuses: number[] = [];
      // With two trusted hops the client is the entry before the last one: 198.51.100.7 each time.
      for (let i = 0; i < 12; i++) {
        const res = await two.request('/api/auth/sign-in/email', {
          method: 'POST',
          json: { email: `hop${i}@example.com`, password: 'Wrong-Pass1!' },
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7, 10.0.0.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429).length).toBe(2);
    } finally {
      await two.close();
    }
  });
});

describe('per-account sign-in limits', () => {
  it('locks out the guessing address, not the owner', async () => {
    const u = await signUpVerified(t);
    const attacker = '198.51.100.10';
    for (let i = 0; i < 10; i++) expect((await signIn(u.email, `Wrong-Pass${i}!`, attacker)).status).toBe(401);
    // The owner, from elsewhere, with the right password.
    expect((await signIn(u.email, u.password, '198.51.100.11')).status).toBe(200);
    await minutePasses();
    const eleventh = await signIn(u.email, u.password, attacker);
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({ error: { code: 'rate_limited', message: 'Too many sign-in attempts for this account. Please wait a few minutes and try again.' } });
    expect(eleventh.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('does not count a successful sign-in as a failure', async () => {
    const u = await signUpVerified(t);
    const home = '198.51.100.20';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn(u.email, `Wrong-Pass${i}!`, home)).status).toBe(401);
      expect((await signIn(u.email, u.password, home)).status).toBe(200);
      await minutePasses();
    }
  });

  it('stops guessing from many addresses at 100 failures an hour, except from an address that signed in before', async () => {
    const u = await signUpVerified(t);
    const home = '198.51.100.30';
    expect((await signIn(u.email, u.password, home)).status).toBe(200);
    // Ten at a time: each wrong password costs a password hash, which runs off the main thread.
    for (let batch = 0; batch < 10; batch++) {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, j) => batch * 10 + j).map(async (i) => (await signIn(u.email, `Wrong-Pass${i}!`, `192.0.2.${i + 1}`)).status),
      );
      expect(statuses).toEqual(Array(10).fill(401));
    }
    const stranger = await signIn(u.email, u.password, '192.0.2.200');
    expect(stranger.status).toBe(429);
    expect((await stranger.json()).error.code).toBe('rate_limited');
    expect((await signIn(u.email, 'Wrong-Pass!', '192.0.2.201')).status).toBe(429);
    expect((await signIn(u.email, u.password, home)).status).toBe(200);
  }, 120_000);
});
