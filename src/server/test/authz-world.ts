import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Subject } from '../../shared/api/authz';
import { queryRows } from '../db/client';
import { contactMessages, mailOutbox, reportedPosts, reports, userRoles } from '../db/schema';
import { drainExports } from '../modules/data-export/jobs';
import { resolveAuthSecret } from '../modules/accounts/secret';
import { unsubscribeToken } from '../modules/mail-settings/tokens';
import { cookieFrom, signUpVerified } from './accounts';
import type { TestApp } from './harness';
import { insertPasskey } from './passkeys';

/**
 * The people and objects the authorization matrix (http/authz-matrix.api.test.ts) calls routes
 * with: an owner (premium, on a trial) whose objects the paths name, another user (free), a banned
 * user whose session was live when the ban came, and an admin. Each object is made through the API
 * as its owner would make it, so its ids are real.
 */
export type Actor = Awaited<ReturnType<typeof signUpVerified>>;

/** The values a subject gives a route: by the name of the path param or body field they fill. */
export type SubjectValues = Record<string, string | number>;

export const MOVIE = { type: 'movie', id: 550 } as const;
export const SERIES = { type: 'tv', id: 1396 } as const;

async function newAdmin(t: TestApp): Promise<Actor> {
  const admin = await signUpVerified(t, { fullName: 'Matrix Admin' });
  await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
  return admin;
}

export class AuthzWorld {
  private constructor(
    readonly t: TestApp,
    readonly admin: Actor,
    readonly banned: Actor,
  ) {}

  static async create(t: TestApp): Promise<AuthzWorld> {
    // Every founding spot taken: a new user is free unless given a trial, as most users are.
    await queryRows(t.deps.database.db, sql`insert into founding_counter (id, taken) values (1, 1000) on conflict (id) do update set taken = 1000`);
    const admin = await newAdmin(t);
    const banned = await signUpVerified(t, { fullName: 'Matrix Banned' });
    const world = new AuthzWorld(t, admin, banned);
    const ban = await world.call(admin, 'POST', `/api/admin/users/${banned.id}/ban`, { reason: 'Spam.' });
    if (ban.status !== 200) throw new Error(`could not ban: ${ban.status} ${await ban.text()}`);
    return world;
  }

  /** The rate limits count every call: cleared before each, so that a 429 never stands in for an answer. */
  resetLimits() {
    return queryRows(this.t.deps.database.db, sql`delete from rate_counters`);
  }

  async call(as: Actor | null, method: string, url: string, json?: unknown): Promise<Response> {
    await this.resetLimits();
    return (as ? this.t.as(as) : this.t.request)(url, json === undefined ? { method } : { method, json });
  }

  /** A call that must succeed; `already` are the statuses that mean it had been done before (409: already in the list). */
  private async ok<T>(as: Actor | null, method: string, url: string, json?: unknown, already: number[] = []): Promise<T> {
    const res = await this.call(as, method, url, json);
    if (res.status >= 300 && !already.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /**
   * A premium user (on the 7-day trial), a free one and an admin of their own: a write may change
   * its caller for good (an account deleted, every other session signed out).
   */
  async people(): Promise<{ owner: Actor; other: Actor; admin: Actor }> {
    const [owner, other, admin] = await Promise.all([signUpVerified(this.t, { fullName: 'Matrix Owner' }), signUpVerified(this.t, { fullName: 'Matrix Other' }), newAdmin(this.t)]);
    await this.ok(owner, 'POST', '/api/billing/trial');
    return { owner, other, admin };
  }

  /** A new object of `kind` owned by `owner`; `other` lends a hand where one needs a second person. */
  async make(kind: Subject, owner: Actor, other: Actor): Promise<SubjectValues> {
    switch (kind) {
      case 'user':
        return { userId: owner.id, id: owner.id, username: owner.username };
      case 'subscriber': {
        // A paid monthly plan through the test checkout, as a user would take it (once).
        const view = await this.ok<{ access: { isSubscribed: boolean } }>(owner, 'GET', '/api/billing/subscription');
        if (view.access.isSubscribed) return { userId: owner.id, id: owner.id };
        const { id } = await this.make('checkout', owner, other);
        await this.ok(owner, 'POST', `/api/billing/test-checkout/${id}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
        return { userId: owner.id, id: owner.id };
      }
      case 'title':
        return { ...MOVIE };
      case 'favorite':
        await this.ok(owner, 'POST', '/api/me/favorites', { mediaType: MOVIE.type, mediaId: MOVIE.id, rating: 4 }, [409]);
        return { ...MOVIE };
      case 'watchlisted':
        await this.ok(owner, 'POST', '/api/me/watchlist', { mediaType: MOVIE.type, mediaId: MOVIE.id }, [409]);
        return { ...MOVIE };
      case 'upload': {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
          .png()
          .toBuffer();
        const form = new FormData();
        form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
        await this.resetLimits();
        const res = await this.t.as(owner)('/api/me/avatar', { method: 'POST', body: form });
        const { url } = (await res.json()) as { url: string };
        const [, userId, file] = url.match(/\/api\/uploads\/([^/]+)\/([^/?]+)/) ?? [];
        if (!userId || !file) throw new Error(`no upload url: ${res.status} ${url}`);
        return { userId, file };
      }
      case 'forum': {
        const forums = await this.ok<{ title: { id: string } }>(owner, 'GET', `/api/titles/${MOVIE.type}/${MOVIE.id}/forums`);
        return { forumId: forums.title.id };
      }
      case 'thread': {
        const { forumId } = await this.make('forum', owner, other);
        const thread = await this.ok<{ id: string }>(owner, 'POST', `/api/forums/${forumId}/threads`, { title: 'The matrix thread', content: 'Whose thread is this?' });
        return { id: thread.id, threadId: thread.id };
      }
      case 'reply': {
        const { id: threadId } = await this.make('thread', owner, other);
        const reply = await this.ok<{ id: string }>(owner, 'POST', `/api/forum-threads/${threadId}/replies`, { content: 'A reply of the owner' });
        return { id: reply.id, replyId: reply.id };
      }
      case 'notification': {
        // A new follower: the owner gets a new_follower notification (one per follower).
        const follower = await signUpVerified(this.t, { fullName: 'Matrix Follower' });
        await this.ok(follower, 'POST', `/api/follows/${owner.id}`);
        const list = await this.ok<{ items: { id: string }[] }>(owner, 'GET', '/api/notifications');
        const id = list.items[0]?.id;
        if (!id) throw new Error('no notification');
        return { id };
      }
      case 'session': {
        // A second session of the owner's (another device), so that signing it out leaves the owner signed in.
        await this.resetLimits();
        const res = await this.t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: owner.email, password: owner.password } });
        const second = { ...owner, cookie: cookieFrom(res) };
        const list = await this.ok<{ sessions: { id: string; current: boolean }[] }>(second, 'GET', '/api/me/sessions');
        const id = list.sessions.find((s) => s.current)?.id;
        if (!id) throw new Error('no session id');
        return { id };
      }
      case 'passkey':
        return { id: await insertPasskey(this.t, owner.id) };
      case 'checkout': {
        const { url } = await this.ok<{ url: string }>(owner, 'POST', '/api/billing/checkout', { plan: 'monthly' });
        const id = url.match(/test-checkout\/([^/?#]+)/)?.[1];
        if (!id) throw new Error(`no checkout id in ${url}`);
        return { id };
      }
      case 'userReport': {
        // Of a user of its own: acting on a report may ban the reported user.
        const reported = await signUpVerified(this.t, { fullName: 'Matrix Reported' });
        await this.ok(owner, 'POST', `/api/reports/${reported.id}`, { reason: 'A report the owner made.' });
        const [row] = await this.t.deps.database.db.select({ id: reports.id }).from(reports).where(eq(reports.reporterId, owner.id)).orderBy(desc(reports.createdAt)).limit(1);
        return { id: row!.id };
      }
      case 'postReport': {
        // The admin's thread, reported by the owner.
        const threadId = String((await this.make('thread', this.admin, other)).id);
        await this.ok(owner, 'POST', '/api/forum-reports', { threadId, reason: 'spam' });
        const [row] = await this.t.deps.database.db
          .select({ id: reportedPosts.id })
          .from(reportedPosts)
          .where(and(eq(reportedPosts.reporterId, owner.id), eq(reportedPosts.threadId, threadId)));
        return { id: row!.id };
      }
      case 'supportMessage': {
        await this.ok(owner, 'POST', '/api/contact', {
          type: 'Bug Report',
          name: 'Matrix Owner',
          email: owner.email,
          subject: 'Help',
          message: 'A message from the owner to support.',
        });
        const [row] = await this.t.deps.database.db.select({ id: contactMessages.id }).from(contactMessages).where(eq(contactMessages.email, owner.email)).limit(1);
        return { id: row!.id };
      }
      case 'blockedEmail': {
        const email = `blocked.${owner.id.slice(0, 8)}.${Date.now()}@example.com`;
        await this.ok(this.admin, 'POST', '/api/admin/blocked-emails', { email });
        return { email };
      }
      case 'unsubscribe':
        return { token: unsubscribeToken(resolveAuthSecret(this.t.deps.config), owner.id, 'follow') };
      case 'dataExport': {
        // The owner asks for their data; the job runs; the token is the one in the mail's link.
        await this.ok(owner, 'POST', '/api/me/data-export', undefined, [409]);
        await drainExports(this.t.deps);
        const [mail] = await this.t.deps.database.db
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, owner.email))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1);
        const token = mail?.text.match(/[?&]export=([A-Za-z0-9_-]{43})/)?.[1];
        if (!token) throw new Error('no data export link');
        return { token };
      }
      case 'mail': {
        const box = await this.ok<{ mails: { id: string }[] }>(null, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(owner.email)}`);
        const id = box.mails[0]?.id;
        if (!id) throw new Error('no mail');
        return { id };
      }
      case 'importJob': {
        // A preview of a one-film Letterboxd ratings.csv: the owner may confirm it or read it.
        const form = new FormData();
        form.set('file', new Blob(['Date,Name,Year,Letterboxd URI,Rating\n2024-01-02,Fight Club,1999,https://boxd.it/2a9q,4.5\n'], { type: 'text/csv' }), 'ratings.csv');
        await this.resetLimits();
        const res = await this.t.as(owner)('/api/me/imports', { method: 'POST', body: form });
        const { id } = (await res.json()) as { id?: string };
        if (!id) throw new Error(`no import preview: ${res.status}`);
        return { id };
      }
    }
  }
}
