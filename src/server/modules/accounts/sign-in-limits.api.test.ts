import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
        const res = await two.request('/api/auth/sign-in/email', { method: 'POST', json: { email: `hop${i}@example.com`, password: 'Wrong-Pass1!' }, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7, 10.0.0.${i}` } });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429).length).toBe(2);
    } finally {
      await two.close();
    }
  });
});
