import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';

/**
 * Issue 27: the admin area's reads are the same for every admin, so the requests of one moment
 * share one read per distinct question (db/batch.ts sharedRead) and the guard takes the role from the
 * session record: five requests at once cost the statements of one. A write is still seen by the
 * next read.
 */
let t: TestApp;
const BOSSES = ['boss1@example.com', 'boss2@example.com'];
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: BOSSES.join(',') });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
let admins: User[];
let reported: User;
beforeAll(async () => {
  admins = [await signUpVerified(t, { email: BOSSES[0] }), await signUpVerified(t, { email: BOSSES[1] })];
  reported = await signUpVerified(t);
  const reporter = await signUpVerified(t);
  expect((await t.as(reporter)(`/api/reports/${reported.id}`, { method: 'POST', json: { reason: 'Spam' } })).status).toBeLessThan(300);
  // A donation, so that the first page has a row to carry the total (an empty page counts alone).
  await t.deps.database.db.insert(donations).values({ id: 'cs_shared_reads', amountCents: 500, currency: 'usd' });
  // Warm the sessions in the cache (decision 013), so that the counts below are the routes' own.
  for (const a of admins) expect((await t.as(a)('/api/session')).status).toBe(200);
});

/** Five requests at once, from both admins; every answer 200. */
const atOnce = (path: string) =>
  statementsDuring(t.deps.database, () =>
    Promise.all(
      [0, 1, 0, 1, 0].map(async (i) => {
        const response = await t.as(admins[i]!)(path);
        expect(response.status, path).toBe(200);
        return response.json() as Promise<Record<string, unknown>>;
      }),
    ),
  );

describe('admin reads shared by the requests of one moment', () => {
  it.each([
    ['/api/admin/overview', 1],
    ['/api/admin/reports', 1],
    ['/api/admin/post-reports', 1],
    ['/api/admin/support-messages?show=all', 1],
    ['/api/admin/donations?page=1', 1],
    ['/api/admin/audit-log?page=1', 1],
    // A page and its total.
    ['/api/admin/users?filter=all&page=1', 2],
  ])('answers five requests for %s with %i statement(s), all the same', async (path, count) => {
    const { result, statements } = await atOnce(path);
    expect(statements).toHaveLength(count);
    for (const r of result) expect(r).toEqual(result[0]);
  });

  it('reads each distinct question once, and each caller gets its own answer', async () => {
    const { result, statements } = await statementsDuring(t.deps.database, () =>
      Promise.all(
        ['all', 'banned', 'all', 'admins'].map(async (filter) => (await (await t.as(admins[0]!)(`/api/admin/users?filter=${filter}`)).json()) as { users: { id: string }[] }),
      ),
    );
    expect(statements).toHaveLength(6);
    const ids = result.map((r) => r.users.map((u) => u.id).sort());
    expect(ids[0]).toEqual(ids[2]);
    expect(ids[1]).toEqual([]);
    expect(ids[3]).toEqual(admins.map((a) => a.id).sort());
    expect(ids[0]).toContain(reported.id);
  });

  it('sees a write on the next read', async () => {
    const before = (await (await t.as(admins[0]!)('/api/admin/reports')).json()) as { reports: { id: string }[] };
    expect(before.reports).toHaveLength(1);
    expect((await t.as(admins[1]!)(`/api/admin/reports/${before.reports[0]!.id}/dismiss`, { method: 'POST' })).status).toBe(200);
    const { result } = await atOnce('/api/admin/reports');
    expect(result.map((r) => r.reports)).toEqual(result.map(() => []));
    expect(((await (await t.as(admins[0]!)('/api/admin/overview')).json()) as { openReports: number }).openReports).toBe(0);
  });

  it('still asks the role on every request: a revoked admin is refused at once', async () => {
    const [, second] = admins;
    const { revokeAdmin } = await import('./roles');
    expect(await revokeAdmin(t.deps.database.db, second!.id, { id: null, name: 'test' })).toBe(true);
    expect((await t.as(second!)('/api/admin/overview')).status).toBe(403);
  });
});
