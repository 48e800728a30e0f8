import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage, NotificationView } from '../../../shared/notifications';
import { notifications, profiles, session } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { notify } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof person>>;
const person = () => signUpVerified(t);
const body = async <T>(res: Response) => (await res.json()) as T;
const give = async (to: Person, from: Person, title: string) =>
  (await notify(t.deps, { userId: to.id, type: 'new_follower', title, message: `${from.username} followed you`, relatedUserId: from.id, event: null }))!.id!;

describe('notifications', () => {
  let owner: Person, other: Person;
  beforeAll(async () => {
    owner = await person();
    other = await person();
  });

  it('lists newest first with the related user, paginated, and counts unread', async () => {
    // A second apart each: PGlite's clock may give several quick inserts the same created_at, and
    // equal times are ordered by id, which says nothing of which came first.
    const start = Date.now() - 60_000;
    for (let i = 1; i <= 23; i++) {
      const id = await give(owner, other, `n${i}`);
      await t.deps.database.db
        .update(notifications)
        .set({ createdAt: new Date(start + i * 1000) })
        .where(eq(notifications.id, id));
    }
    const first = await body<NotificationPage>(await t.as(owner)('/api/notifications'));
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe('n23');
    expect(first.items[0]!.relatedUser).toMatchObject({ id: other.id, username: other.username });
    expect(first.nextCursor).toBeTruthy();
    const second = await body<NotificationPage>(await t.as(owner)(`/api/notifications?before=${encodeURIComponent(first.nextCursor!)}`));
    expect(second.items.map((n) => n.title)).toEqual(['n3', 'n2', 'n1']);
    expect(second.nextCursor).toBeNull();
    expect(await body(await t.as(owner)('/api/notifications/unread-count'))).toEqual({ count: 23 });
    expect((await body<NotificationPage>(await t.as(other)('/api/notifications'))).items).toEqual([]);
  });

  it('pages through rows written at one instant and rows of one millisecond, skipping none and repeating none', async () => {
    const reader = await person();
    // 25 rows of one statement share created_at to the microsecond; 5 more lie within one millisecond.
    await t.deps.database.db.insert(notifications).values(
      Array.from({ length: 25 }, (_, i) => ({
        userId: reader.id,
        type: 'new_follower' as const,
        title: `same ${i}`,
        message: 'm',
        relatedUserId: other.id,
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
      })),
    );
    const micro = ['101', '202', '303', '404', '505'];
    for (const [i, us] of micro.entries()) {
      const id = await give(reader, other, `micro ${i}`);
      await t.deps.database.db.execute(sql`update notifications set created_at = ${`2026-01-01T00:00:00.123${us}Z`}::timestamptz where id = ${id}`);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=7&before=${encodeURIComponent(cursor)}` : '?limit=7';
      const page: NotificationPage = await body<NotificationPage>(await t.as(reader)(`/api/notifications${query}`));
      seen.push(...page.items.map((n) => n.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen.slice(25)).toEqual(['micro 4', 'micro 3', 'micro 2', 'micro 1', 'micro 0']);
    // A cursor of milliseconds, as pages were given before, is still read.
    const old = await t.as(reader)(`/api/notifications?before=${encodeURIComponent(`2026-01-02T03:04:05.678Z|00000000-0000-4000-8000-000000000000`)}`);
    expect(old.status).toBe(200);
    expect((await t.as(reader)('/api/notifications?before=yesterday|x')).status).toBe(400);
  });

  it('lets only the owner read, mark and delete a notification', async () => {
    const id = await give(owner, other, 'mine');
    for (const [method, path] of [
      ['GET', `/api/notifications/${id}`],
      ['POST', `/api/notifications/${id}/read`],
      ['DELETE', `/api/notifications/${id}`],
    ] as const) {
      expect((await t.as(other)(path, { method })).status, `other ${method}`).toBe(404);
      expect((await t.as(null)(path, { method })).status, `anonymous ${method}`).toBe(401);
    }
    expect((await body<NotificationView>(await t.as(owner)(`/api/notifications/${id}`))).read).toBe(false);
    expect((await t.as(owner)(`/api/notifications/${id}/read`, { method: 'POST' })).status).toBe(200);
    expect((await body<NotificationView>(await t.as(owner)(`/api/notifications/${id}`))).read).toBe(true);
    expect((await t.as(owner)(`/api/notifications/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await t.as(owner)(`/api/notifications/${id}`)).status).toBe(404);
    expect((await t.as(owner)('/api/notifications/not-a-uuid')).status).toBe(400);
  });

  it('marks all read for the owner only', async () => {
    await give(other, owner, 'for other');
    const res = await t.as(owner)('/api/notifications/read-all', { method: 'POST' });
    expect((await body<{ updated: number }>(res)).updated).toBeGreaterThan(0);
    expect(await body(await t.as(owner)('/api/notifications/unread-count'))).toEqual({ count: 0 });
    expect(await body(await t.as(other)('/api/notifications/unread-count'))).toEqual({ count: 1 });
    expect((await t.as(null)('/api/notifications/read-all', { method: 'POST' })).status).toBe(401);
    expect((await t.as(null)('/api/notifications')).status).toBe(401);
    expect((await t.as(null)('/api/notifications/unread-count')).status).toBe(401);
  });

  it('tells the owner’s other tabs when notifications change', async () => {
    const id = await give(owner, other, 'live');
    const seen: string[] = [];
    const off = t.deps.events.subscribe((audience, event) => {
      if ('users' in audience && audience.users.includes(owner.id)) seen.push(event.type);
    });
    // Counts pushed after the earlier tests' answers (pushUnreadCounts does not hold the answer up)
    // may still be on their way: once 200 ms pass with nothing new, only the read's own are counted.
    for (let before = -1; before !== seen.length;) {
      before = seen.length;
      await new Promise((r) => setTimeout(r, 200));
    }
    seen.length = 0;
    await t.as(owner)(`/api/notifications/${id}/read`, { method: 'POST' });
    off();
    expect(seen).toEqual(['notifications-changed']);
  });

  it('shuts out a banned user, even one whose session is left over', async () => {
    const banned = await person();
    const every = (id: string) =>
      [
        ['GET', '/api/notifications'],
        ['GET', '/api/notifications/unread-count'],
        ['GET', `/api/notifications/${id}`],
        ['POST', `/api/notifications/${id}/read`],
        ['POST', '/api/notifications/read-all'],
        ['DELETE', `/api/notifications/${id}`],
      ] as const;
    // Before the ban the same cookie opens every route.
    for (const [method, path] of every(await give(banned, other, 'before'))) {
      expect((await t.as(banned)(path, { method })).status, `before the ban: ${method} ${path}`).toBe(200);
    }

    // Banned with the session row still there (banning deletes sessions; one may survive a race
    // or another instance): the ban itself must shut the door, not the missing session.
    const id = await give(banned, other, 'after');
    await t.deps.database.db.update(profiles).set({ isBanned: true, banReason: 'spam' }).where(eq(profiles.id, banned.id));
    expect(await t.deps.database.db.select({ id: session.id }).from(session).where(eq(session.userId, banned.id))).toHaveLength(1);
    for (const [method, path] of every(id)) {
      const res = await t.as(banned)(path, { method });
      expect(res.status, `banned: ${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual({ error: { code: 'unauthorized', message: 'You must be signed in.' } });
    }
    // Nothing was read or deleted through the refused calls.
    const [row] = await t.deps.database.db.select({ read: notifications.read }).from(notifications).where(eq(notifications.id, id));
    expect(row).toEqual({ read: false });
  });
});
