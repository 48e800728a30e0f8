import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import type { RealtimeEvent } from '../../realtime/bus';
import { announce, notify } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUpVerified>>;
const body = async <T>(res: Response) => (await res.json()) as T;

/** What the badges say: the kept counters (unread.ts), through the routes. */
const badges = async (p: Person) => ({
  notifications: (await body<{ count: number }>(await t.as(p)('/api/notifications/unread-count'))).count,
  messages: (await body<{ count: number }>(await t.as(p)('/api/messages/unread-count'))).count,
});

/** The truth, counted over the rows as the routes did before decision 016 (ruling 9 included). */
const counted = async (p: Person) => {
  const [row] = await queryRows<{ notifications: number; messages: number }>(
    t.deps.database.db,
    sql`SELECT
      (SELECT count(*)::int FROM notifications n LEFT JOIN profiles a ON a.id = n.related_user_id
        WHERE n.user_id = ${p.id} AND NOT n.read
          AND NOT (n.type = 'new_favorite_from_following' AND coalesce(a.is_private OR NOT a.show_favorites, false))) AS notifications,
      (SELECT count(*)::int FROM messages WHERE receiver_id = ${p.id} AND NOT read) AS messages`,
  );
  return { notifications: Number(row!.notifications), messages: Number(row!.messages) };
};

const notice = (to: Person, from: Person, i: number, type: 'new_follower' | 'new_favorite_from_following' = 'new_follower') =>
  notify(t.deps, { userId: to.id, type, title: `n${i}`, message: `m${i}`, relatedUserId: from.id, event: null });

describe('unread counters (decision 016)', () => {
  let me: Person, others: Person[];
  beforeAll(async () => {
    me = await signUpVerified(t);
    others = [];
    for (let i = 0; i < 4; i++) others.push(await signUpVerified(t));
  });

  it('stays exact with 20 notifications created at once and mark-all-read racing with more', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => notice(me, others[i % 4]!, i)));
    expect(await badges(me)).toEqual(await counted(me));
    expect((await badges(me)).notifications).toBe(20);

    // Mark all read while 20 more arrive: whichever the update saw are read, the others stay unread.
    const [markAll] = await Promise.all([
      t.as(me)('/api/notifications/read-all', { method: 'POST' }),
      ...Array.from({ length: 20 }, (_, i) => notice(me, others[i % 4]!, 100 + i)),
    ]);
    expect(markAll.status).toBe(200);
    const after = await counted(me);
    expect(await badges(me)).toEqual(after);
    expect(after.notifications).toBeLessThanOrEqual(20);

    // Read one, delete one (unread), delete one (read): each moves the counter by what it changed.
    const list = await body<{ items: { id: string; read: boolean }[] }>(await t.as(me)('/api/notifications?limit=50'));
    const unread = list.items.filter((n) => !n.read);
    const read = list.items.find((n) => n.read)!;
    if (unread.length >= 2) {
      expect((await t.as(me)(`/api/notifications/${unread[0]!.id}/read`, { method: 'POST' })).status).toBe(200);
      expect((await t.as(me)(`/api/notifications/${unread[1]!.id}`, { method: 'DELETE' })).status).toBe(200);
    }
    expect((await t.as(me)(`/api/notifications/${read.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await badges(me)).toEqual(await counted(me));
  });

  it('stays exact for messages sent at once while the conversation is being read', async () => {
    const send = (from: Person, i: number) => t.as(from)(`/api/messages/with/${me.id}`, { method: 'POST', json: { content: `hello ${i}` } });
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => send(others[i % 4]!, i)));
    for (const res of sent) expect(res.status).toBe(201);
    expect((await badges(me)).messages).toBe(20);
    expect(await badges(me)).toEqual(await counted(me));

    const [read] = await Promise.all([t.as(me)(`/api/messages/with/${others[0]!.id}/read`, { method: 'POST' }), ...Array.from({ length: 8 }, (_, i) => send(others[0]!, 100 + i))]);
    expect(read.status).toBe(200);
    expect(await badges(me)).toEqual(await counted(me));

    expect((await t.as(me)(`/api/messages/with/${others[1]!.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await badges(me)).toEqual(await counted(me));
    expect((await badges(me)).messages).toBe((await counted(me)).messages);
  });

  it('leaves out new favorites of an author who hides favorites, and counts them again when the author leaves', async () => {
    const reader = await signUpVerified(t);
    const author = others[2]!;
    const before = (await badges(reader)).notifications;
    await Promise.all([0, 1, 2].map((i) => notice(reader, author, i, 'new_favorite_from_following')));
    expect((await badges(reader)).notifications).toBe(before + 3);

    await t.deps.database.db.update(profiles).set({ showFavorites: false }).where(eq(profiles.id, author.id));
    expect((await badges(reader)).notifications).toBe(before);
    expect(await badges(reader)).toEqual(await counted(reader));

    // Deleting the author sets the notices' author to NULL: nothing hides them any more.
    await t.deps.database.db.delete(user).where(eq(user.id, author.id));
    expect((await badges(reader)).notifications).toBe(before + 3);
    expect(await badges(reader)).toEqual(await counted(reader));
  });

  it('pushes the new counts to the user after every change, and to readers when an author hides favorites', async () => {
    const reader = await signUpVerified(t);
    const author = others[3]!;
    const pushed: { audience: unknown; event: RealtimeEvent }[] = [];
    const off = t.deps.events.subscribe((audience, event) => {
      if (event.type === 'unread-counts') pushed.push({ audience, event });
    });
    const lastFor = async (p: Person, want: { notifications: number; messages: number }) => {
      // Pushes go after the commit, fire and forget: wait for the one that says what the routes say.
      const deadline = Date.now() + 5_000;
      const match = () => [...pushed].reverse().find((x) => JSON.stringify(x.audience) === JSON.stringify({ users: [p.id] }) && x.event.type === 'unread-counts');
      while (Date.now() < deadline && (match()?.event as { notifications?: number } | undefined)?.notifications !== want.notifications) await new Promise((r) => setTimeout(r, 20));
      return match()?.event;
    };
    try {
      const r1 = await notice(reader, author, 1, 'new_favorite_from_following');
      announce(t.deps, reader.id, r1);
      expect(await lastFor(reader, { notifications: 1, messages: 0 })).toMatchObject({ notifications: 1, messages: 0 });
      expect((await t.as(author)(`/api/messages/with/${reader.id}`, { method: 'POST', json: { content: 'hi' } })).status).toBe(201);
      expect(await lastFor(reader, { notifications: 2, messages: 1 })).toMatchObject({ notifications: 2, messages: 1 });
      // The author hides favorites: the reader's count loses the new-favorite notice, live.
      expect((await t.as(author)('/api/me/settings', { method: 'PATCH', json: { showFavorites: false } })).status).toBe(200);
      expect(await lastFor(reader, { notifications: 1, messages: 1 })).toMatchObject({ notifications: 1, messages: 1 });
      expect((await t.as(reader)('/api/notifications/read-all', { method: 'POST' })).status).toBe(200);
      const last = await lastFor(reader, { notifications: 0, messages: 1 });
      expect(last).toMatchObject({ notifications: 0, messages: 1 });
      // Versions only grow.
      const versions = pushed.filter((x) => JSON.stringify(x.audience).includes(reader.id)).map((x) => (x.event as { version: number }).version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    } finally {
      off();
    }
  });

  it("drops a deleted recipient's counters with the account", async () => {
    const leaving = await signUpVerified(t);
    await notice(leaving, others[0]!, 1);
    await t.deps.database.db.delete(user).where(eq(user.id, leaving.id));
    const rows = await queryRows<{ n: number }>(t.deps.database.db, sql`SELECT count(*)::int AS n FROM unread_counters WHERE user_id = ${leaving.id}`);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
