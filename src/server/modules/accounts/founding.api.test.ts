import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user } from '../../db/schema';
import { newUserInput } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// Its own file, so that it starts from an empty database: no spot is taken before it runs.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('founding members under concurrency', () => {
  it('gives exactly 1,000 spots to 1,050 accounts verified at once', async () => {
    const { db } = t.deps.database;
    expect((await (await t.request('/api/founding')).json()).count).toBe(0);
    const accounts = Array.from({ length: 1050 }, (_, i) => ({ id: `bulk-${i}`, name: `bulk ${i}`, email: `bulk${i}@example.com`, username: `bulk_${i}` }));
    await db.insert(user).values(accounts);
    await db.insert(profiles).values(accounts.map((a) => ({ id: a.id, fullName: a.name })));
    const ctx = await t.deps.auth.$context;
    const tokens = await Promise.all(accounts.map((a) => createEmailVerificationToken(ctx.secret, a.email)));
    const results = await Promise.all(tokens.map((token) => t.request(`/api/auth/verify-email?token=${token}`, { redirect: 'manual' })));
    expect(results.every((r) => r.status === 200 || r.status === 302)).toBe(true);

    const members = await db.select({ n: profiles.foundingNumber }).from(profiles).where(eq(profiles.foundingMember, true));
    expect(members).toHaveLength(1000);
    expect(new Set(members.map((m) => m.n)).size).toBe(1000);
    expect(Math.max(...members.map((m) => m.n!))).toBe(1000);
    expect(await (await t.request('/api/founding')).json()).toEqual({ count: 1000, limit: 1000, remaining: 0 });
  }, 180_000);

  it('handles concurrent real sign-ups with the same username: one wins', async () => {
    const input = newUserInput();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.request('/api/accounts/sign-up', { method: 'POST', json: { ...newUserInput(), username: input.username, email: `race${i}.${input.email}` } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
  });
});
