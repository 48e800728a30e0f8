import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT, MESSAGE_TEXT } from '../../../shared/messages';
import { messages, notifications, profiles, session, user } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof person>>;
const person = () => signUpVerified(t);
const send = (from: Person | null, to: { id: string }, content: string) => t.as(from)(`/api/messages/with/${to.id}`, { method: 'POST', json: { content } });
const body = async <T>(res: Response) => (await res.json()) as T;
const mailsTo = async (email: string) => {
  while ((await t.deps.mail.processDue()) > 0);
  return t.transport.sent.filter((m) => m.to === email);
};

describe('messages', () => {
  let a: Person, b: Person, c: Person;
  beforeAll(async () => {
    [a, b, c] = [await person(), await person(), await person()];
  });

  it('sends, lists, reads and counts unread for the two participants', async () => {
    const events: { audience: unknown; event: RealtimeEvent }[] = [];
    const off = t.deps.events.subscribe((audience, event) => events.push({ audience, event }));
    const sent = await send(a, b, '  Hello there  ');
    expect(sent.status).toBe(201);
    const msg = await body<{ id: string; content: string }>(sent);
    expect(msg.content).toBe('Hello there');
    off();
    const messageEvent = events.find((e) => e.event.type === 'message');
    expect(messageEvent?.event).toMatchObject({ id: msg.id, from: a.id });
    expect(messageEvent?.audience).toEqual({ users: [b.id, a.id] });
    expect(events.some((e) => e.event.type === 'notification')).toBe(true);

    expect(await body(await t.as(b)('/api/messages/unread-count'))).toEqual({ count: 1 });
    expect(await body(await t.as(a)('/api/messages/unread-count'))).toEqual({ count: 0 });
    const list = await body<{ conversations: { user: { id: string; username: string }; unreadCount: number; lastMessage: { content: string; fromMe: boolean } }[] }>(
      await t.as(b)('/api/messages/conversations'),
    );
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ user: { id: a.id, username: a.username }, unreadCount: 1, lastMessage: { content: 'Hello there', fromMe: false } });

    const conv = await body<{ messages: { content: string; fromMe: boolean; read: boolean }[]; canMessage: boolean }>(await t.as(b)(`/api/messages/with/${a.id}`));
    expect(conv.canMessage).toBe(true);
    expect(conv.messages).toEqual([expect.objectContaining({ content: 'Hello there', fromMe: false, read: false })]);

    const readEvents: RealtimeEvent[] = [];
    const off2 = t.deps.events.subscribe((audience, event) => {
      if ('users' in audience && audience.users.includes(a.id)) readEvents.push(event);
    });
    expect(await body(await t.as(b)(`/api/messages/with/${a.id}/read`, { method: 'POST' }))).toEqual({ updated: 1 });
    off2();
    expect(readEvents).toContainEqual(expect.objectContaining({ type: 'messages-read', by: b.id }));
    expect(await body(await t.as(b)('/api/messages/unread-count'))).toEqual({ count: 0 });
    const afterRead = await body<{ messages: { read: boolean }[] }>(await t.as(a)(`/api/messages/with/${b.id}`));
    expect(afterRead.messages[0]!.read).toBe(true);
  });

  it('reads the conversation\'s "New message" notifications when it is read, and only those', async () => {
    const [a, b, c] = [await person(), await person(), await person()];
    await send(a, b, 'One');
    await send(a, b, 'Two');
    await send(c, b, 'From someone else');
    const unread = async () => (await body<{ count: number }>(await t.as(b)('/api/notifications/unread-count'))).count;
    expect(await unread()).toBe(3);

    const mine: RealtimeEvent[] = [];
    const off = t.deps.events.subscribe((audience, event) => {
      if ('users' in audience && audience.users.includes(b.id)) mine.push(event);
    });
    expect(await body(await t.as(b)(`/api/messages/with/${a.id}/read`, { method: 'POST' }))).toEqual({ updated: 2 });
    off();
    // C's message stays unread, and so does its notification; the bell hears of the change.
    expect(await unread()).toBe(1);
    expect(mine).toContainEqual({ type: 'notifications-changed' });
    const kept = await t.deps.database.db.select({ from: notifications.relatedUserId, read: notifications.read }).from(notifications).where(eq(notifications.userId, b.id));
    expect(kept.filter((n) => n.from === a.id).map((n) => n.read)).toEqual([true, true]);
    expect(kept.filter((n) => n.from === c.id).map((n) => n.read)).toEqual([false]);
  });

  it('keeps messages ascending, conversations newest first, and searches by name', async () => {
    await send(c, a, 'first from c');
    await send(a, c, 'second to c');
    const conv = await body<{ messages: { content: string }[] }>(await t.as(a)(`/api/messages/with/${c.id}`));
    expect(conv.messages.map((m) => m.content)).toEqual(['first from c', 'second to c']);
    const list = await body<{ conversations: { user: { id: string } }[] }>(await t.as(a)('/api/messages/conversations'));
    expect(list.conversations.map((x) => x.user.id)).toEqual([c.id, b.id]);
    const found = await body<{ conversations: { user: { id: string } }[] }>(await t.as(a)(`/api/messages/conversations?q=${c.username.slice(-6)}`));
    expect(found.conversations.map((x) => x.user.id)).toEqual([c.id]);
  });

  it('opens a conversation with someone never messaged, and 404s for unknown users', async () => {
    const d = await person();
    const conv = await body<{ user: { id: string }; messages: unknown[]; canMessage: boolean }>(await t.as(a)(`/api/messages/with/${d.id}`));
    expect(conv).toMatchObject({ user: { id: d.id }, messages: [], canMessage: true });
    expect((await t.as(a)('/api/messages/with/nobody-like-this')).status).toBe(404);
  });

  it('validates content: trimmed, not empty, at most 2000 characters, not to oneself', async () => {
    const empty = await send(a, b, '   ');
    expect(empty.status).toBe(400);
    expect((await body<{ error: { message: string } }>(empty)).error.message).toBe(MESSAGE_TEXT.emptyContent);
    expect((await send(a, b, 'x'.repeat(2001))).status).toBe(400);
    expect((await send(a, a, 'hi me')).status).toBe(400);
    expect((await t.as(a)(`/api/messages/with/${b.id}`, { method: 'POST', json: { content: 'hi', extra: 1 } })).status).toBe(400);
  });

  it('refuses every route to anonymous callers', async () => {
    for (const [method, path] of [
      ['GET', '/api/messages/conversations'],
      ['GET', '/api/messages/unread-count'],
      ['GET', `/api/messages/with/${a.id}`],
      ['POST', `/api/messages/with/${a.id}`],
      ['POST', `/api/messages/with/${a.id}/read`],
      ['DELETE', `/api/messages/with/${a.id}`],
    ] as const) {
      const res = await t.as(null)(path, { method, json: method === 'POST' ? { content: 'x' } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('keeps a third user out of a conversation between two others', async () => {
    const x = await person();
    const y = await person();
    await send(x, y, 'private between x and y');
    // c can only ever address its own conversation with x (or y), never x–y.
    const view = await body<{ messages: unknown[] }>(await t.as(c)(`/api/messages/with/${x.id}`));
    expect(view.messages).toEqual([]);
    const list = await body<{ conversations: { lastMessage: { content: string } }[] }>(await t.as(c)('/api/messages/conversations'));
    expect(list.conversations.some((k) => k.lastMessage.content.includes('private between'))).toBe(false);
    await t.as(c)(`/api/messages/with/${x.id}`, { method: 'DELETE' });
    await t.as(c)(`/api/messages/with/${y.id}/read`, { method: 'POST' });
    const still = await body<{ messages: { read: boolean }[] }>(await t.as(x)(`/api/messages/with/${y.id}`));
    expect(still.messages).toHaveLength(1);
    expect(still.messages[0]!.read).toBe(false);
    // Marking read only touches messages sent to me: the sender cannot mark its own as read.
    expect(await body(await t.as(x)(`/api/messages/with/${y.id}/read`, { method: 'POST' }))).toEqual({ updated: 0 });
  });

  it('deletes a conversation permanently for both participants', async () => {
    const x = await person();
    const y = await person();
    await send(x, y, 'soon gone');
    await send(y, x, 'me too');
    expect(await body(await t.as(y)(`/api/messages/with/${x.id}`, { method: 'DELETE' }))).toEqual({ deleted: 2 });
    expect((await body<{ messages: unknown[] }>(await t.as(x)(`/api/messages/with/${y.id}`))).messages).toEqual([]);
    expect((await body<{ conversations: unknown[] }>(await t.as(x)('/api/messages/conversations'))).conversations).toEqual([]);
  });

  it('refuses a banned sender and sending to a banned user', async () => {
    const banned = await person();
    const other = await person();
    await send(other, banned, 'before the ban');
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    // Even with a session left over, a banned sender is refused: the session lookup refuses a
    // banned user (accounts/session.ts), so every route answers 401, as after moderation.ts's ban.
    const res = await send(banned, other, 'hello');
    expect(res.status).toBe(401);
    expect((await send(other, banned, 'hello?')).status).toBe(403);
    const view = await body<{ canMessage: boolean; messages: unknown[] }>(await t.as(other)(`/api/messages/with/${banned.id}`));
    expect(view.canMessage).toBe(false);
    expect(view.messages).toHaveLength(1);
    expect((await t.as(banned)('/api/messages/conversations')).status).toBe(401);
    await t.deps.database.db.delete(session).where(eq(session.userId, banned.id));
    expect((await t.as(banned)('/api/messages/conversations')).status).toBe(401);
  });

  it('keeps the conversation readable to the other participant after an account is deleted', async () => {
    const leaving = await person();
    const staying = await person();
    await send(leaving, staying, 'goodbye message');
    await send(staying, leaving, 'reply');
    const del = await t.as(leaving)('/api/accounts/delete', { method: 'POST', json: { confirm: 'DELETE' } });
    expect(del.status).toBe(200);
    const list = await body<{ conversations: { user: { id: string; deleted: boolean; username: string | null }; unreadCount: number }[] }>(
      await t.as(staying)('/api/messages/conversations'),
    );
    expect(list.conversations[0]).toMatchObject({ user: { id: leaving.id, deleted: true, username: null }, unreadCount: 1 });
    const view = await body<{ user: { deleted: boolean }; canMessage: boolean; messages: { content: string; fromMe: boolean }[] }>(
      await t.as(staying)(`/api/messages/with/${leaving.id}`),
    );
    expect(view.user.deleted).toBe(true);
    expect(view.canMessage).toBe(false);
    expect(view.messages.map((m) => [m.content, m.fromMe])).toEqual([
      ['goodbye message', false],
      ['reply', true],
    ]);
    expect((await t.as(staying)(`/api/messages/with/${leaving.id}/read`, { method: 'POST' })).status).toBe(200);
    expect((await send(staying, { id: leaving.id }, 'anyone?')).status).toBe(404);
    const found = await body<{ conversations: unknown[] }>(await t.as(staying)('/api/messages/conversations?q=deleted'));
    expect(found.conversations).toHaveLength(1);
  });

  it('stores a retried message once: the same clientId answers the stored message, even when retried at once', async () => {
    const x = await person();
    const y = await person();
    const clientId = crypto.randomUUID();
    const post = (content: string, id: string) => t.as(x)(`/api/messages/with/${y.id}`, { method: 'POST', json: { content, clientId: id } });
    const first = await post('did you get this?', clientId);
    expect(first.status).toBe(201);
    const stored = await body<{ id: string }>(first);
    // The answer was lost and the tab retries, twice at once.
    const retries = await Promise.all([post('did you get this?', clientId), post('did you get this?', clientId)]);
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    for (const r of retries) expect(await body<{ id: string }>(r)).toMatchObject({ id: stored.id, content: 'did you get this?', fromMe: true });
    // Another message, another clientId: stored as usual.
    expect((await post('and this one?', crypto.randomUUID())).status).toBe(201);
    const conv = await body<{ messages: { content: string }[] }>(await t.as(y)(`/api/messages/with/${x.id}`));
    expect(conv.messages.map((m) => m.content)).toEqual(['did you get this?', 'and this one?']);
    const told = await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, y.id));
    expect(told.filter((r) => r.type === 'message')).toHaveLength(2);
    // A clientId is the sender's own: someone else using it stores their own message.
    const z = await person();
    expect((await t.as(z)(`/api/messages/with/${y.id}`, { method: 'POST', json: { content: 'hi', clientId } })).status).toBe(201);
    expect((await t.as(x)(`/api/messages/with/${y.id}`, { method: 'POST', json: { content: 'x', clientId: 'not-a-uuid' } })).status).toBe(400);
  });

  it('sends one e-mail per conversation while it has unread messages (no mail storm)', async () => {
    const x = await person();
    const y = await person();
    const before = (await mailsTo(y.email)).length;
    for (const text of ['one', 'two', 'three']) expect((await send(x, y, text)).status).toBe(201);
    expect((await mailsTo(y.email)).length - before).toBe(1);
    // Each message is still a notification (preference 'both').
    const rows = await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, y.id));
    expect(rows.filter((r) => r.type === 'message')).toHaveLength(3);
    await t.as(y)(`/api/messages/with/${x.id}/read`, { method: 'POST' });
    await send(x, y, 'four');
    expect((await mailsTo(y.email)).length - before).toBe(2);
    // The preference decides: 'popup' records, never mails.
    await t.deps.database.db.update(profiles).set({ notifyOnMessage: 'popup' }).where(eq(profiles.id, y.id));
    await t.as(y)(`/api/messages/with/${x.id}/read`, { method: 'POST' });
    await send(x, y, 'five');
    expect((await mailsTo(y.email)).length - before).toBe(2);
  });

  it(`answers 429 past ${MESSAGE_RATE_LIMIT.max} messages a minute, counted in the database`, async () => {
    const x = await person();
    const y = await person();
    for (let i = 0; i < MESSAGE_RATE_LIMIT.max; i++) expect((await send(x, y, `m${i}`)).status).toBe(201);
    const res = await send(x, y, 'one too many');
    expect(res.status).toBe(429);
    expect((await body<{ error: { message: string } }>(res)).error.message).toBe(MESSAGE_TEXT.tooFast);
    const stored = await t.deps.database.db.select().from(messages).where(eq(messages.senderId, x.id));
    expect(stored).toHaveLength(MESSAGE_RATE_LIMIT.max);
  });

  it('keeps messaging open to free users unless the premium gate is switched on (ruling 5)', async () => {
    const gated = await createTestApp({ MESSAGING_PREMIUM_GATE: 'true' });
    try {
      const p1 = await signUpVerified(gated);
      const p2 = await signUpVerified(gated);
      const [row] = await gated.deps.database.db
        .select({ id: user.id, founding: profiles.foundingMember })
        .from(user)
        .innerJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.email, p2.email));
      // Founding members are premium; make p1 an ordinary free user.
      const [p1row] = await gated.deps.database.db.select({ id: user.id }).from(user).where(eq(user.email, p1.email));
      await gated.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, p1row!.id));
      const res = await gated.request(`/api/messages/with/${row!.id}`, { method: 'POST', headers: { cookie: p1.cookie }, json: { content: 'hi' } });
      expect(res.status).toBe(403);
      expect((await body<{ error: { message: string } }>(res)).error.message).toBe(MESSAGE_TEXT.premiumRequired);
    } finally {
      await gated.close();
    }
    // Off by default: a free (non-founding) user sends.
    await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, a.id));
    expect((await send(a, c, 'free and unlimited')).status).toBe(201);
  });
});
