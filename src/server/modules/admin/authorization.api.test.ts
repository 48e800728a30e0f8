import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../../shared/api/admin';
import { urlOf } from '../../../shared/api/contract';
import { adminAuditLog, blockedEmails, contactMessages, forumReplies, forumThreads, profiles, reportedPosts, reports, userRoles } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// The done-when's authorization test: EVERY route of the admin table (enumerated from it, so a
// route added later is covered without touching this file) is called as a visitor, a signed-in
// user and a banned user, with real targets and valid bodies. Each is refused (401 or 403) and
// nothing in the database changes.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'chief@example.com' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
const db = () => t.deps.database.db;

/** Everything an admin route can change, read in a fixed order. */
async function snapshot() {
  const d = db();
  return JSON.stringify(
    await Promise.all([
      d.select().from(reports).orderBy(reports.id),
      d.select().from(reportedPosts).orderBy(reportedPosts.id),
      d.select({ id: profiles.id, isBanned: profiles.isBanned, banReason: profiles.banReason, founding: profiles.foundingMember }).from(profiles).orderBy(profiles.id),
      d.select().from(blockedEmails).orderBy(blockedEmails.email),
      d.select().from(contactMessages).orderBy(contactMessages.id),
      d.select().from(adminAuditLog).orderBy(adminAuditLog.id),
      d.select().from(userRoles).orderBy(userRoles.userId),
      d.select({ id: forumThreads.id }).from(forumThreads).orderBy(forumThreads.id),
      d.select({ id: forumReplies.id }).from(forumReplies).orderBy(forumReplies.id),
    ]),
  );
}

let admin: User, plain: User, banned: User, victim: User;
const ids = { report: '', postReport: '', message: '', email: 'kept.blocked@example.com' };

beforeAll(async () => {
  admin = await signUpVerified(t, { email: 'chief@example.com' });
  plain = await signUpVerified(t);
  victim = await signUpVerified(t);
  banned = await signUpVerified(t);
  // A banned user whose session row was left over (a race with the ban, a restored backup).
  await db().update(profiles).set({ isBanned: true, banReason: 'Spam.' }).where(eq(profiles.id, banned.id));

  await t.as(plain)(`/api/reports/${victim.id}`, { method: 'POST', json: { reason: 'Spam' } });
  ids.report = (await db().select().from(reports))[0]!.id;
  const forum = (await (await t.as(victim)('/api/titles/movie/550/forums')).json()) as { title: { id: string } };
  const thread = (await (await t.as(victim)(`/api/forums/${forum.title.id}/threads`, { method: 'POST', json: { title: 'A thread', content: 'Body' } })).json()) as { id: string };
  await t.as(plain)('/api/forum-reports', { method: 'POST', json: { threadId: thread.id, reason: 'spam' } });
  ids.postReport = (await db().select().from(reportedPosts))[0]!.id;
  await t.request('/api/contact', { method: 'POST', json: { name: 'A', email: 'a@example.com', subject: 'Hi', message: 'Hello', type: 'Contact Inquiry' } });
  ids.message = (await db().select().from(contactMessages))[0]!.id;
  await db().insert(blockedEmails).values({ email: ids.email, reason: 'Manually blocked by admin' });
});

/** Real targets for the path parameters, by the collection the path names. */
function paramsFor(path: string): Record<string, string> {
  if (path.startsWith('/admin/reports/')) return { id: ids.report };
  if (path.startsWith('/admin/post-reports/')) return { id: ids.postReport };
  if (path.startsWith('/admin/users/')) return { id: victim.id };
  if (path.startsWith('/admin/support-messages/')) return { id: ids.message };
  if (path.startsWith('/admin/blocked-emails/')) return { email: ids.email };
  if (path.includes('{')) throw new Error(`no sample parameters for ${path}: add them here`);
  return {};
}

/** Valid bodies, so a refusal can only come from the guard, not from validation. */
const bodies: Partial<Record<keyof typeof adminApi, unknown>> = {
  banUser: { reason: 'Spam' },
  blockEmail: { email: 'someone.new@example.com' },
};

const routes = Object.entries(adminApi) as [keyof typeof adminApi, (typeof adminApi)[keyof typeof adminApi]][];

function call(name: keyof typeof adminApi, who: User | null) {
  const contract = adminApi[name];
  if ('body' in contract && contract.body && !(name in bodies)) throw new Error(`no sample body for ${name}: add one`);
  const body = bodies[name];
  return t.as(who)(urlOf(contract, { params: paramsFor(contract.path) }), { method: contract.method.toUpperCase(), ...(body ? { json: body } : {}) });
}

describe('every admin route refuses non-admins and changes nothing', () => {
  it('the table is all admin routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const [, contract] of routes) expect(contract.access).toBe('admin');
  });

  const callers: [string, () => User | null, number][] = [
    ['a visitor', () => null, 401],
    ['a signed-in user', () => plain, 403],
    ['a banned user with a leftover session', () => banned, 401],
  ];
  for (const [label, who, status] of callers) {
    it(`as ${label}: ${status} on every route`, async () => {
      const before = await snapshot();
      const answers: string[] = [];
      for (const [name, contract] of routes) {
        const res = await call(name, who());
        answers.push(`${contract.method} ${contract.path} ${res.status}`);
        const body = (await res.json()) as { error?: { code: string } };
        expect(body.error?.code).toMatch(/^(unauthorized|forbidden)$/);
      }
      expect(answers).toEqual(routes.map(([, c]) => `${c.method} ${c.path} ${status}`));
      expect(await snapshot()).toBe(before);
    });
  }

  it('an admin passes the guard of every route with the same requests (so the refusals above are the guard)', async () => {
    for (const [name, contract] of routes) {
      const res = await call(name, admin);
      // 409 and 404 are answers past the guard: the ban resolved the report dismiss then finds closed,
      // and deleting the post took its report with it.
      expect([200, 201, 404, 409], `${contract.method} ${contract.path}: ${res.status}`).toContain(res.status);
    }
  });
});
