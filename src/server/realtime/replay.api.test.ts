import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../db/schema';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { readSse } from '../test/sse';
import { SESSION_CHECK_MS } from './hub';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const person = () => signUpVerified(t);

async function open(cookie: string, opts: { lastEventId?: string; query?: string } = {}) {
  const headers: Record<string, string> = { cookie };
  if (opts.lastEventId !== undefined) headers['last-event-id'] = opts.lastEventId;
  const res = await t.request(`/api/events${opts.query ?? ''}`, { headers });
  expect(res.status).toBe(200);
  return readSse(res);
}

const note = (id: string) => ({ type: 'notification' as const, id, popup: true });
const notesOf = (s: ReturnType<typeof readSse>) => s.events().flatMap((b) => (b.event.type === 'notification' ? [b.event.id] : []));

describe('GET /api/events: event ids and replay', () => {
  it('gives every event an id; a reconnection with Last-Event-ID gets what it missed, in order, then live ones', async () => {
    const a = await person();
    const other = await person();
    const first = await open(a.cookie);
    t.deps.events.publish({ users: [a.id] }, note('seen'));
    expect(await first.waitFor((e) => e.type === 'notification')).toBeTruthy();
    const lastSeen = first.lastId()!;
    expect(lastSeen).toMatch(/^\d+$/);
    await first.close();

    // While the tab is away: three of its events, one for someone else, one for everyone.
    t.deps.events.publish({ users: [a.id] }, note('missed-1'));
    t.deps.events.publish({ users: [other.id] }, note('not-yours'));
    t.deps.events.publish({ users: [a.id] }, note('missed-2'));
    t.deps.events.publish({ everyone: true }, { type: 'founding-count' });
    t.deps.events.publish({ users: [other.id, a.id] }, note('missed-3'));

    const again = await open(a.cookie, { lastEventId: lastSeen });
    expect(await again.until(() => notesOf(again).length === 3)).toBe(true);
    t.deps.events.publish({ users: [a.id] }, note('live'));
    expect(await again.until(() => notesOf(again).includes('live'))).toBe(true);
    expect(notesOf(again)).toEqual(['missed-1', 'missed-2', 'missed-3', 'live']);
    expect(again.events().map((b) => b.event.type)).toEqual(['notification', 'notification', 'founding-count', 'notification', 'notification']);
    // Ids only go up, and nothing was missed or sent twice.
    const ids = again.events().map((b) => Number(b.id));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
    expect(ids[0]).toBeGreaterThan(Number(lastSeen));
    expect(again.events().some((b) => b.event.type === 'resync')).toBe(false);
    await again.close();
  });

  it('replays in the order of the ids, not of their text (9 before 10)', async () => {
    const a = await person();
    const s = await open(a.cookie);
    t.deps.events.publish({ users: [a.id] }, note('anchor'));
    expect(await s.waitFor((e) => e.type === 'notification')).toBeTruthy();
    const anchor = s.lastId()!;
    await s.close();
    const names = Array.from({ length: 25 }, (_, i) => `n${i}`);
    for (const name of names) t.deps.events.publish({ users: [a.id] }, note(name));
    const again = await open(a.cookie, { lastEventId: anchor });
    expect(await again.until(() => notesOf(again).length === names.length)).toBe(true);
    expect(notesOf(again)).toEqual(names);
    await again.close();
  });

  it('never replays another user’s events', async () => {
    const a = await person();
    const b = await person();
    const streamB = await open(b.cookie);
    t.deps.events.publish({ users: [b.id] }, note('b-anchor'));
    expect(await streamB.waitFor((e) => e.type === 'notification')).toBeTruthy();
    const anchor = streamB.lastId()!;
    await streamB.close();
    // A message from A to B: both hear it live. Then a notification for A only.
    expect((await t.request(`/api/messages/with/${b.id}`, { method: 'POST', headers: { cookie: a.cookie }, json: { content: 'hi' } })).status).toBe(201);
    t.deps.events.publish({ users: [a.id] }, note('a-only'));
    // C reconnects with B's id (an id is no secret: it is a position): C gets nothing of A and B.
    const c = await person();
    const streamC = await open(c.cookie, { lastEventId: anchor });
    t.deps.events.publish({ users: [c.id] }, note('c-live'));
    expect(await streamC.until(() => notesOf(streamC).includes('c-live'))).toBe(true);
    expect(streamC.events().map((x) => x.event)).toEqual([{ type: 'founding-count' }, note('c-live')]);
    // B, reconnecting, gets its message and notification but not A's.
    const again = await open(b.cookie, { lastEventId: anchor });
    expect(await again.waitFor((e) => e.type === 'message')).toBeTruthy();
    await again.until(() => again.events().some((x) => x.event.type === 'founding-count'));
    expect(notesOf(again)).not.toContain('a-only');
    expect(notesOf(again)).toHaveLength(1);
    for (const s of [streamC, again]) await s.close();
  });

  it('answers an id it does not know, or one older than 10 minutes, with resync (refetch), then goes on live', async () => {
    const a = await person();
    const unknown = await open(a.cookie, { lastEventId: '987654321' });
    expect(await unknown.waitFor((e) => e.type === 'resync')).toBeTruthy();
    // The resync carries the current position, so the next reconnection can replay from there.
    t.deps.events.publish({ users: [a.id] }, note('after-resync'));
    expect(await unknown.until(() => notesOf(unknown).includes('after-resync'))).toBe(true);
    await unknown.close();

    const s = await open(a.cookie);
    t.deps.events.publish({ users: [a.id] }, note('old'));
    expect(await s.waitFor((e) => e.type === 'notification')).toBeTruthy();
    const old = s.lastId()!;
    await s.close();
    t.deps.events.publish({ users: [a.id] }, note('missed'));
    await t.deps.events.flushed();
    await t.deps.database.db.execute(sql`UPDATE realtime_events SET created_at = now() - interval '10 minutes 5 seconds' WHERE id = ${Number(old)}`);
    const late = await open(a.cookie, { lastEventId: old });
    expect(await late.waitFor((e) => e.type === 'resync')).toBeTruthy();
    expect(notesOf(late)).toEqual([]);
    await late.close();
  });

  it('takes the id from the lastEventId query parameter (a manual reconnection), refusing a malformed one', async () => {
    const a = await person();
    const s = await open(a.cookie);
    t.deps.events.publish({ users: [a.id] }, note('one'));
    expect(await s.waitFor((e) => e.type === 'notification')).toBeTruthy();
    const id = s.lastId()!;
    await s.close();
    t.deps.events.publish({ users: [a.id] }, note('two'));
    const again = await open(a.cookie, { query: `?lastEventId=${id}` });
    expect(await again.until(() => notesOf(again).includes('two'))).toBe(true);
    expect(notesOf(again)).toEqual(['two']);
    await again.close();
    const bad = await t.request('/api/events?lastEventId=12abc', { headers: { cookie: a.cookie } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });

  it('starts a new stream with the current position, so even a tab that saw no event can be replayed to', async () => {
    const a = await person();
    t.deps.events.publish({ users: [a.id] }, note('before-open'));
    const s = await open(a.cookie);
    await s.until(() => s.blocks.length > 0);
    const position = s.blocks[0]!.id!;
    expect(position).toMatch(/^\d+$/);
    await s.close();
    t.deps.events.publish({ users: [a.id] }, note('while-away'));
    const again = await open(a.cookie, { lastEventId: position });
    expect(await again.until(() => notesOf(again).includes('while-away'))).toBe(true);
    expect(notesOf(again)).toEqual(['while-away']);
    await again.close();
  });
});

describe('GET /api/events ends when its session does', () => {
  const withinSeconds = SESSION_CHECK_MS + 2_000;
  const cases: [string, (u: Awaited<ReturnType<typeof person>>) => Promise<void>][] = [
    ['signed out', async (u) => void expect((await t.request('/api/auth/sign-out', { method: 'POST', json: {}, headers: { cookie: u.cookie } })).status).toBe(200)],
    [
      'banned (even with a session row left over)',
      async (u) => void (await t.deps.database.db.update(profiles).set({ isBanned: true, banReason: 'Spam.' }).where(eq(profiles.id, u.id))),
    ],
    [
      'account deleted',
      async (u) => void expect((await t.request('/api/accounts/delete', { method: 'POST', json: { confirm: 'DELETE' }, headers: { cookie: u.cookie } })).status).toBe(200),
    ],
  ];
  for (const [what, end] of cases) {
    it(`closes an open stream within seconds when the session is ${what}, and leaves other users' streams open`, async () => {
      const u = await person();
      const bystander = await person();
      const stream = await open(u.cookie);
      const other = await open(bystander.cookie);
      await stream.until(() => stream.blocks.length > 0);
      const started = Date.now();
      await end(u);
      expect(await stream.until(() => stream.ended, withinSeconds)).toBe(true);
      expect(Date.now() - started).toBeLessThan(withinSeconds);
      expect(other.ended).toBe(false);
      // And it cannot be reopened with that cookie.
      expect((await t.request('/api/events', { headers: { cookie: u.cookie } })).status).toBe(401);
      await other.close();
    });
  }

  it('closes the stream of a session revoked from another of the user’s sessions', async () => {
    const u = await person();
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password } });
    expect(signIn.status).toBe(200);
    const second = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const stream = await open(u.cookie);
    const kept = await open(second);
    expect((await t.request('/api/auth/revoke-other-sessions', { method: 'POST', json: {}, headers: { cookie: second } })).status).toBe(200);
    expect(await stream.until(() => stream.ended, withinSeconds)).toBe(true);
    expect(kept.ended).toBe(false);
    await kept.close();
  });
});
