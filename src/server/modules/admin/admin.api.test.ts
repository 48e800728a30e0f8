import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, MANUAL_BLOCK_REASON } from '../../../shared/admin';
import { adminAuditLog, blockedEmails, contactMessages, donations, forumReplies, forumThreads, profiles, reportedPosts, reports, session, userRoles } from '../../db/schema';
import { newUserInput, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { runAdminCommand } from './cli';

// The admin area (issue 17): who is admin, the report queues, user management, blocked e-mails,
// the support inbox and the audit log. The authorization matrix is in authorization.api.test.ts.
let t: TestApp;
const BOSS = 'boss@example.com';
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ` ${BOSS.toUpperCase()} , other@example.com`, OWNER_EMAIL: 'owner@example.com' });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
const db = () => t.deps.database.db;
const api = (u: User | null) => t.as(u);
async function isAdmin(u: User) {
  const res = await api(u)('/api/session');
  return ((await res.json()) as { access: { isAdmin: boolean } | null }).access?.isAdmin ?? false;
}
async function audit() {
  return db().select().from(adminAuditLog).orderBy(adminAuditLog.createdAt);
}
let admin: User;
beforeAll(async () => {
  admin = await signUpVerified(t, { email: BOSS });
});

describe('who is admin (ruling 27)', () => {
  it('ADMIN_EMAILS grants the role when the account verifies, and audits it', async () => {
    expect(await isAdmin(admin)).toBe(true);
    expect((await audit()).some((e) => e.action === 'grant_admin' && e.targetUserId === admin.id && e.actorName === 'ADMIN_EMAILS')).toBe(true);
    const plain = await signUpVerified(t);
    expect(await isAdmin(plain)).toBe(false);
  });

  it('OWNER_EMAIL is an admin too', async () => {
    const owner = await signUpVerified(t, { email: 'owner@example.com' });
    expect(await isAdmin(owner)).toBe(true);
  });

  it('grants again at sign-in (an address added to ADMIN_EMAILS later), never before verification', async () => {
    const other = await signUpVerified(t, { email: 'other@example.com' });
    await db().delete(userRoles).where(eq(userRoles.userId, other.id));
    expect(await isAdmin(other)).toBe(false);
    const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: other.email, password: other.password } });
    expect(res.status).toBe(200);
    expect(await isAdmin(other)).toBe(true);
    // An unverified sign-up with an admin address gets nothing.
    const t2 = await createTestApp({ ADMIN_EMAILS: 'lurker@example.com' });
    try {
      const input = newUserInput({ email: 'lurker@example.com' });
      expect((await t2.request('/api/accounts/sign-up', { method: 'POST', json: input })).status).toBe(201);
      expect(await t2.deps.database.db.select().from(userRoles)).toEqual([]);
    } finally {
      await t2.close();
    }
  });

  it('npm run admin -- grant|revoke <email> changes the role, audited as the operator', async () => {
    const u = await signUpVerified(t);
    const handle = t.deps.database;
    expect(await runAdminCommand(handle, ['grant', u.email.toUpperCase()])).toEqual({ code: 0, message: `${u.email} is now an admin.` });
    expect(await isAdmin(u)).toBe(true);
    expect(await runAdminCommand(handle, ['grant', u.email])).toEqual({ code: 0, message: `${u.email} was already an admin.` });
    expect(await runAdminCommand(handle, ['revoke', u.email])).toEqual({ code: 0, message: `${u.email} is no longer an admin.` });
    expect(await isAdmin(u)).toBe(false);
    expect((await runAdminCommand(handle, ['grant', 'nobody@example.com'])).code).toBe(1);
    expect((await runAdminCommand(handle, ['promote', u.email])).code).toBe(64);
    const mine = (await audit()).filter((e) => e.targetUserId === u.id).map((e) => [e.action, e.actorName]);
    expect(mine).toEqual([
      ['grant_admin', 'operator (npm run admin)'],
      ['revoke_admin', 'operator (npm run admin)'],
    ]);
  });
});

describe('user reports', () => {
  it('lists open reports newest first; Ban bans with the spec reason, ends sessions, resolves, audits', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const before = (await (await api(admin)('/api/admin/overview')).json()) as { openReports: number };
    expect((await api(a)(`/api/reports/${b.id}`, { method: 'POST', json: { reason: 'Spam in messages' } })).status).toBe(201);
    const overview = (await (await api(admin)('/api/admin/overview')).json()) as { openReports: number; totalUsers: number };
    expect(overview.openReports).toBe(before.openReports + 1);
    const list = (await (await api(admin)('/api/admin/reports')).json()) as {
      reports: { id: string; reporter: { username: string }; reported: { id: string; username: string }; reason: string }[];
    };
    const report = list.reports[0]!;
    expect(report).toMatchObject({ reporter: { username: a.username }, reported: { id: b.id, username: b.username }, reason: 'Spam in messages' });

    // B's tab works before the ban.
    expect((await api(b)('/api/me/lists')).status).toBe(200);
    const ban = await api(admin)(`/api/admin/reports/${report.id}/ban`, { method: 'POST' });
    expect(ban.status).toBe(200);
    const [p] = await db().select().from(profiles).where(eq(profiles.id, b.id));
    expect(p).toMatchObject({ isBanned: true, banReason: 'Banned by admin after user report.' });
    expect(await db().select().from(session).where(eq(session.userId, b.id))).toEqual([]);
    // The next request of B's open tab is refused, and B cannot sign in again (told why).
    expect((await api(b)('/api/me/lists')).status).toBe(401);
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: b.email, password: b.password } });
    expect(signIn.status).toBe(403);
    expect((await signIn.json()).error.message).toBe('Your account has been banned: Banned by admin after user report.');
    // Others see the not-found view.
    expect((await api(a)(`/api/profiles/${b.id}`)).status).toBe(404);
    const after = (await (await api(admin)('/api/admin/reports')).json()) as { reports: { id: string }[] };
    expect(after.reports.map((r) => r.id)).not.toContain(report.id);
    expect((await audit()).at(-1)).toMatchObject({ action: 'ban', actorId: admin.id, targetUserId: b.id, reason: 'Banned by admin after user report.' });
    // Twice: already resolved.
    expect((await api(admin)(`/api/admin/reports/${report.id}/ban`, { method: 'POST' })).status).toBe(409);
  });

  it('Dismiss resolves without banning; unknown ids answer 404', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    await api(a)(`/api/reports/${b.id}`, { method: 'POST', json: { reason: 'Rude' } });
    const [row] = await db().select().from(reports).where(eq(reports.reportedId, b.id));
    expect((await api(admin)(`/api/admin/reports/${row!.id}/dismiss`, { method: 'POST' })).status).toBe(200);
    const [after] = await db().select().from(reports).where(eq(reports.id, row!.id));
    expect(after!.status).toBe('resolved');
    const [p] = await db().select().from(profiles).where(eq(profiles.id, b.id));
    expect(p!.isBanned).toBe(false);
    expect((await api(admin)(`/api/admin/reports/${row!.id}/dismiss`, { method: 'POST' })).status).toBe(409);
    expect((await api(admin)('/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss', { method: 'POST' })).status).toBe(404);
    expect((await audit()).at(-1)).toMatchObject({ action: 'dismiss_report', targetUserId: b.id });
  });

  it('a report, post report or support message id that is not a uuid is a 400, not a 500 (found by the fuzzing gate)', async () => {
    for (const path of [
      'reports/not-a-uuid/ban',
      'reports/not-a-uuid/dismiss',
      'post-reports/not-a-uuid/delete-post',
      'post-reports/not-a-uuid/dismiss',
      'support-messages/not-a-uuid/handled',
    ]) {
      const res = await api(admin)(`/api/admin/${path}`, { method: 'POST' });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
  });

  it('an admin cannot ban themselves or another admin, from a report or directly', async () => {
    const other = await signUpVerified(t);
    await runAdminCommand(t.deps.database, ['grant', other.email]);
    const reporter = await signUpVerified(t);
    await api(reporter)(`/api/reports/${other.id}`, { method: 'POST', json: { reason: 'Admin abuse' } });
    const [row] = await db().select().from(reports).where(eq(reports.reportedId, other.id));
    const count = (await audit()).length;
    const fromReport = await api(admin)(`/api/admin/reports/${row!.id}/ban`, { method: 'POST' });
    expect(fromReport.status).toBe(403);
    expect((await fromReport.json()).error.message).toBe(ADMIN_TEXT.notAdmin);
    const direct = await api(admin)(`/api/admin/users/${other.id}/ban`, { method: 'POST', json: { reason: 'x' } });
    expect((await direct.json()).error.message).toBe(ADMIN_TEXT.notAdmin);
    const self = await api(admin)(`/api/admin/users/${admin.id}/ban`, { method: 'POST', json: { reason: 'x' } });
    expect(self.status).toBe(403);
    expect((await self.json()).error.message).toBe(ADMIN_TEXT.notSelf);
    // Nothing changed: the report is open, nobody banned, no entry.
    const [still] = await db().select().from(reports).where(eq(reports.id, row!.id));
    expect(still!.status).toBe('open');
    const banned = await db().select().from(profiles).where(eq(profiles.isBanned, true));
    expect(banned.map((p) => p.id)).not.toContain(other.id);
    expect(banned.map((p) => p.id)).not.toContain(admin.id);
    expect((await audit()).length).toBe(count);
    await api(admin)(`/api/admin/reports/${row!.id}/dismiss`, { method: 'POST' });
  });
});

describe('user management', () => {
  it('searches by username, name or e-mail, filters, pages, newest first', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made: User[] = [];
    for (let i = 0; i < 21; i++) made.push(await signUpVerified(t, { username: `${tag}_${i}`, email: `${tag}.${i}@example.com` }));
    const page1 = (await (await api(admin)(`/api/admin/users?q=${tag}`)).json()) as { users: { id: string; username: string }[]; total: number; pageSize: number };
    expect(page1.total).toBe(21);
    expect(page1.users).toHaveLength(20);
    expect(page1.users[0]!.id).toBe(made[20]!.id);
    const page2 = (await (await api(admin)(`/api/admin/users?q=${tag}&page=2`)).json()) as { users: { id: string }[] };
    expect(page2.users.map((u) => u.id)).toEqual([made[0]!.id]);
    // By e-mail and by full name.
    const byEmail = (await (await api(admin)(`/api/admin/users?q=${tag}.7@`)).json()) as { users: { id: string; email: string }[] };
    expect(byEmail.users.map((u) => u.id)).toEqual([made[7]!.id]);
    await db()
      .update(profiles)
      .set({ fullName: `Quentin ${tag}` })
      .where(eq(profiles.id, made[3]!.id));
    const byName = (await (await api(admin)(`/api/admin/users?q=quentin ${tag}`)).json()) as { users: { id: string }[] };
    expect(byName.users.map((u) => u.id)).toEqual([made[3]!.id]);
    // Filters: founding (all early accounts are), premium, banned, admins.
    await db().update(profiles).set({ foundingMember: false }).where(eq(profiles.id, made[5]!.id));
    const founding = (await (await api(admin)(`/api/admin/users?q=${tag}&filter=founding`)).json()) as { total: number };
    expect(founding.total).toBe(20);
    const premium = (await (await api(admin)(`/api/admin/users?q=${tag}&filter=premium`)).json()) as { total: number };
    expect(premium.total).toBe(20);
    await api(admin)(`/api/admin/users/${made[9]!.id}/ban`, { method: 'POST', json: { reason: 'Scam links' } });
    const banned = (await (await api(admin)(`/api/admin/users?q=${tag}&filter=banned`)).json()) as { users: { id: string; banReason: string }[] };
    expect(banned.users).toEqual([expect.objectContaining({ id: made[9]!.id, banReason: 'Scam links' })]);
    const admins = (await (await api(admin)('/api/admin/users?filter=admins')).json()) as { users: { id: string; isAdmin: boolean }[] };
    expect(admins.users.map((u) => u.id)).toContain(admin.id);
    expect(admins.users.every((u) => u.isAdmin)).toBe(true);
    expect((await api(admin)('/api/admin/users?filter=everyone')).status).toBe(400);
  });

  it('bans with a reason (sessions end) and unbans, both audited; a reason is required', async () => {
    const u = await signUpVerified(t);
    expect((await api(admin)(`/api/admin/users/${u.id}/ban`, { method: 'POST', json: { reason: '  ' } })).status).toBe(400);
    const ban = await api(admin)(`/api/admin/users/${u.id}/ban`, { method: 'POST', json: { reason: 'Harassment' } });
    expect(await ban.json()).toMatchObject({ id: u.id, isBanned: true, banReason: 'Harassment' });
    expect((await api(u)('/api/me/lists')).status).toBe(401);
    const unban = await api(admin)(`/api/admin/users/${u.id}/unban`, { method: 'POST' });
    expect(await unban.json()).toMatchObject({ isBanned: false, banReason: null });
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } });
    expect(signIn.status).toBe(200);
    const mine = (await audit()).filter((e) => e.targetUserId === u.id).map((e) => [e.action, e.reason]);
    expect(mine).toEqual([
      ['ban', 'Harassment'],
      ['unban', null],
    ]);
    expect((await api(admin)('/api/admin/users/nobody/unban', { method: 'POST' })).status).toBe(404);
  });

  it('cancels a paid subscription through the billing module: premium ends on the next request; audited; 409 without one', async () => {
    const u = await signUpVerified(t);
    // Early accounts are founding members (premium anyway): take that away to see the plan's effect.
    await db().update(profiles).set({ foundingMember: false }).where(eq(profiles.id, u.id));
    const premium = async () => ((await (await api(u)('/api/session')).json()) as { access: { isPremium: boolean } }).access.isPremium;
    const none = await api(admin)(`/api/admin/users/${u.id}/cancel-subscription`, { method: 'POST' });
    expect(none.status).toBe(409);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe(ADMIN_TEXT.noSubscription);

    // The user subscribes through the offline test checkout.
    const checkout = await api(u)('/api/billing/checkout', { method: 'POST', json: { plan: 'monthly' } });
    expect(checkout.status).toBe(201);
    const id = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
    const paid = await api(u)(`/api/billing/test-checkout/${id}/pay`, { method: 'POST', json: { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' } });
    expect(paid.status).toBe(200);
    expect(await premium()).toBe(true);
    const listed = (await (await api(admin)(`/api/admin/users?q=${encodeURIComponent(u.email)}`)).json()) as { users: { id: string; hasSubscription: boolean }[] };
    expect(listed.users.find((x) => x.id === u.id)?.hasSubscription).toBe(true);

    const cancel = await api(admin)(`/api/admin/users/${u.id}/cancel-subscription`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ id: u.id, hasSubscription: false, isPremium: false });
    expect(await premium()).toBe(false);
    expect((await audit()).filter((e) => e.targetUserId === u.id).map((e) => e.action)).toEqual(['cancel_subscription']);
    expect((await api(admin)(`/api/admin/users/${u.id}/cancel-subscription`, { method: 'POST' })).status).toBe(409);
    expect((await api(admin)('/api/admin/users/nobody/cancel-subscription', { method: 'POST' })).status).toBe(404);
  });

  it('blocks an e-mail (sign-up refused), unblocks it (sign-up works); both audited', async () => {
    const email = `blocked.${Date.now()}@example.com`;
    expect((await api(admin)('/api/admin/blocked-emails', { method: 'POST', json: { email: email.toUpperCase() } })).status).toBe(200);
    expect(await db().select().from(blockedEmails).where(eq(blockedEmails.email, email))).toEqual([expect.objectContaining({ reason: MANUAL_BLOCK_REASON })]);
    const refused = await t.request('/api/accounts/sign-up', { method: 'POST', json: newUserInput({ email }) });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('email_blocked');
    expect((await api(admin)(`/api/admin/blocked-emails/${encodeURIComponent(email)}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(admin)(`/api/admin/blocked-emails/${encodeURIComponent(email)}`, { method: 'DELETE' })).status).toBe(404);
    expect((await t.request('/api/accounts/sign-up', { method: 'POST', json: newUserInput({ email }) })).status).toBe(201);
    const mine = (await audit()).filter((e) => e.target === email).map((e) => e.action);
    expect(mine).toEqual(['block_email', 'unblock_email']);
  });

  it("shows an existing user's e-mail as blocked in the list", async () => {
    const u = await signUpVerified(t);
    await api(admin)('/api/admin/blocked-emails', { method: 'POST', json: { email: u.email } });
    const list = (await (await api(admin)(`/api/admin/users?q=${encodeURIComponent(u.email)}`)).json()) as { users: { emailBlocked: boolean }[] };
    expect(list.users).toEqual([expect.objectContaining({ emailBlocked: true })]);
  });
});

describe('post reports', () => {
  async function threadAndReply(author: User) {
    const forum = (await (await api(author)('/api/titles/movie/550/forums')).json()) as { title: { id: string } };
    const thread = (await (await api(author)(`/api/forums/${forum.title.id}/threads`, { method: 'POST', json: { title: 'Worst take', content: 'Opening words' } })).json()) as {
      id: string;
    };
    const reply = (await (await api(author)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'A rude reply' } })).json()) as { id: string };
    return { thread, reply };
  }

  it('lists a reported reply in its thread; Delete removes the post and its reports; audited', async () => {
    const author = await signUpVerified(t);
    const reporter = await signUpVerified(t);
    const { thread, reply } = await threadAndReply(author);
    expect((await api(reporter)('/api/forum-reports', { method: 'POST', json: { replyId: reply.id, reason: 'harassment' } })).status).toBeLessThan(300);
    const list = (await (await api(admin)('/api/admin/post-reports')).json()) as {
      reports: { id: string; kind: string; content: string; context: string; threadTitle: string; author: { id: string } }[];
    };
    const item = list.reports[0]!;
    expect(item).toMatchObject({ kind: 'reply', content: 'A rude reply', context: 'Opening words', threadTitle: 'Worst take', author: { id: author.id } });
    expect((await api(admin)(`/api/admin/post-reports/${item.id}/delete-post`, { method: 'POST' })).status).toBe(200);
    expect(await db().select().from(forumReplies).where(eq(forumReplies.id, reply.id))).toEqual([]);
    expect((await api(author)(`/api/forum-threads/${thread.id}`)).status).toBe(200);
    expect(await db().select().from(reportedPosts).where(eq(reportedPosts.id, item.id))).toEqual([]);
    expect((await audit()).at(-1)).toMatchObject({ action: 'delete_post', targetUserId: author.id, target: 'A rude reply', reason: 'harassment' });
  });

  it('deletes the post and writes its audit entry together: when the entry cannot be written, the post stays', async () => {
    const author = await signUpVerified(t);
    const reporter = await signUpVerified(t);
    const forum = (await (await api(author)('/api/titles/movie/550/forums')).json()) as { title: { id: string } };
    const thread = (await (await api(author)(`/api/forums/${forum.title.id}/threads`, { method: 'POST', json: { title: 'Audit refused', content: 'x' } })).json()) as {
      id: string;
    };
    expect((await api(reporter)('/api/forum-reports', { method: 'POST', json: { threadId: thread.id, reason: 'spam' } })).status).toBeLessThan(300);
    const item = ((await (await api(admin)('/api/admin/post-reports')).json()) as { reports: { id: string; threadTitle: string }[] }).reports.find(
      (r) => r.threadTitle === 'Audit refused',
    )!;
    // The audit log refuses this one entry (a trigger), as a full disk or a lost connection would.
    await db().execute(sql`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.target = 'Audit refused' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$`);
    await db().execute(sql`CREATE TRIGGER refuse_audit BEFORE INSERT ON admin_audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()`);
    try {
      expect((await api(admin)(`/api/admin/post-reports/${item.id}/delete-post`, { method: 'POST' })).status).toBe(500);
      expect(await db().select({ id: forumThreads.id }).from(forumThreads).where(eq(forumThreads.id, thread.id))).toHaveLength(1);
      expect(await db().select({ id: reportedPosts.id }).from(reportedPosts).where(eq(reportedPosts.id, item.id))).toHaveLength(1);
    } finally {
      await db().execute(sql`DROP TRIGGER refuse_audit ON admin_audit_log`);
      await db().execute(sql`DROP FUNCTION refuse_audit()`);
    }
    // Once the log takes entries again, the delete goes through with its entry.
    expect((await api(admin)(`/api/admin/post-reports/${item.id}/delete-post`, { method: 'POST' })).status).toBe(200);
    expect((await audit()).at(-1)).toMatchObject({ action: 'delete_post', target: 'Audit refused' });
  });

  it('Dismiss keeps the thread and resolves the report', async () => {
    const author = await signUpVerified(t);
    const reporter = await signUpVerified(t);
    const { thread } = await threadAndReply(author);
    await api(reporter)('/api/forum-reports', { method: 'POST', json: { threadId: thread.id, reason: 'spam' } });
    const list = (await (await api(admin)('/api/admin/post-reports')).json()) as { reports: { id: string; kind: string }[] };
    expect(list.reports[0]!.kind).toBe('thread');
    expect((await api(admin)(`/api/admin/post-reports/${list.reports[0]!.id}/dismiss`, { method: 'POST' })).status).toBe(200);
    expect((await api(author)(`/api/forum-threads/${thread.id}`)).status).toBe(200);
    const after = (await (await api(admin)('/api/admin/post-reports')).json()) as { reports: { id: string }[] };
    expect(after.reports.map((r) => r.id)).not.toContain(list.reports[0]!.id);
    expect((await api(admin)(`/api/admin/post-reports/${list.reports[0]!.id}/dismiss`, { method: 'POST' })).status).toBe(409);
  });
});

describe('support inbox', () => {
  it('lists messages newest first; mark handled takes it off the open list, once', async () => {
    const body = { name: 'Ann', email: 'ann@example.com', subject: 'Bug in search', message: 'It breaks', type: 'Bug Report' };
    expect((await t.request('/api/contact', { method: 'POST', json: body })).status).toBe(201);
    const inbox = (await (await api(admin)('/api/admin/support-messages')).json()) as { messages: { id: string; subject: string; handledAt: string | null }[] };
    const msg = inbox.messages[0]!;
    expect(msg).toMatchObject({ subject: 'Bug in search', handledAt: null });
    const handled = await api(admin)(`/api/admin/support-messages/${msg.id}/handled`, { method: 'POST' });
    expect((await handled.json()).handledAt).toEqual(expect.any(String));
    const open = (await (await api(admin)('/api/admin/support-messages')).json()) as { messages: { id: string }[] };
    expect(open.messages.map((m) => m.id)).not.toContain(msg.id);
    const all = (await (await api(admin)('/api/admin/support-messages?show=all')).json()) as { messages: { id: string }[] };
    expect(all.messages.map((m) => m.id)).toContain(msg.id);
    await api(admin)(`/api/admin/support-messages/${msg.id}/handled`, { method: 'POST' });
    expect((await audit()).filter((e) => e.action === 'mark_handled')).toHaveLength(1);
    const [row] = await db().select().from(contactMessages).where(eq(contactMessages.id, msg.id));
    expect(row!.handledAt).not.toBeNull();
  });
});

describe('audit log', () => {
  it('lists every action newest first with who, whom and why', async () => {
    const res = (await (await api(admin)('/api/admin/audit-log')).json()) as { entries: { action: string; actorName: string; target: string }[]; total: number };
    expect(res.total).toBe((await audit()).length);
    expect(res.entries[0]!.action).toBe('mark_handled');
    expect(res.entries.some((e) => e.action === 'ban' && e.actorName === admin.username)).toBe(true);
    expect(await (await api(admin)('/api/admin/audit-log?page=99')).json()).toMatchObject({ entries: [], total: res.total, page: 99 });
  });
});

describe('donations (issue 16 part 7: stored and visible to admins)', () => {
  const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  /** A donation through the test checkout, as a visitor (`null`) or a signed-in user. */
  async function donate(who: User | null, cents: number) {
    const res = await api(who)('/api/billing/donations', { method: 'POST', json: { amount: cents } });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { url: string }).url.split('/').pop()!;
    expect((await api(who)(`/api/billing/test-checkout/${id}/pay`, { method: 'POST', json: card })).status).toBe(200);
    return id;
  }
  type Page = {
    donations: { id: string; amountCents: number; currency: string; donor: { id: string; username: string | null; email: string } | null; status: string; createdAt: string }[];
    total: number;
    page: number;
    pageSize: number;
  };

  it('an admin sees them newest first with amount, currency, donor (or none) and status; a user gets 403, a visitor 401', async () => {
    const giver = await signUpVerified(t);
    const anonymous = await donate(null, 500);
    const signed = await donate(giver, 1234);
    // An open (unpaid) checkout is no donation.
    await api(null)('/api/billing/donations', { method: 'POST', json: { amount: 2500 } });

    const res = await api(admin)('/api/admin/donations');
    expect(res.status).toBe(200);
    const page = (await res.json()) as Page;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(page.donations.map((d) => d.id)).toEqual([signed, anonymous]);
    expect(page.donations[0]).toMatchObject({ amountCents: 1234, currency: 'usd', status: 'completed', donor: { id: giver.id, username: giver.username, email: giver.email } });
    expect(page.donations[1]).toMatchObject({ amountCents: 500, currency: 'usd', status: 'completed', donor: null });

    const user = await api(giver)('/api/admin/donations');
    expect(user.status).toBe(403);
    expect((await user.json()).error.code).toBe('forbidden');
    const visitor = await api(null)('/api/admin/donations');
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).error.code).toBe('unauthorized');
  });

  it('pages by 20, newest first across pages', async () => {
    const base = Date.now() - 86_400_000;
    await db()
      .insert(donations)
      .values(
        Array.from({ length: 21 }, (_, i) => ({ id: `cs_paging_${String(i).padStart(2, '0')}`, amountCents: 100 + i, currency: 'usd', createdAt: new Date(base + i * 1000) })),
      );
    const first = (await (await api(admin)('/api/admin/donations?page=1')).json()) as Page;
    const second = (await (await api(admin)('/api/admin/donations?page=2')).json()) as Page;
    expect(first.total).toBe(23);
    expect(first.donations).toHaveLength(20);
    expect(second.donations).toHaveLength(3);
    const all = [...first.donations, ...second.donations].map((d) => d.createdAt);
    expect([...all].sort().reverse()).toEqual(all);
    expect(second.donations.at(-1)!.id).toBe('cs_paging_00');
    // A page past the end has no rows and still the total.
    expect(await (await api(admin)('/api/admin/donations?page=9')).json()).toMatchObject({ donations: [], total: 23, page: 9 });
    expect((await api(admin)('/api/admin/donations?page=0')).status).toBe(400);
  });
});
