import { eq } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { type Audience, InProcessBus, type RealtimeEvent } from './bus';
import { hubOf } from './hub';
import { PgBus } from './pg-bus';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function person() {
  const s = await signUpVerified(t);
  const [row] = await t.deps.database.db.select({ id: user.id }).from(user).where(eq(user.email, s.email));
  return { ...s, id: row!.id };
}

/** Opens GET /api/events and collects what the stream carries. */
async function openStream(cookie: string) {
  const res = await t.request('/api/events', { headers: { cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const events: RealtimeEvent[] = [];
  const first = await reader.read();
  const head = first.value ? decoder.decode(first.value) : '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const block = text.slice(0, cut);
        text = text.slice(cut + 2);
        for (const line of block.split('\n')) if (line.startsWith('data: ')) events.push(JSON.parse(line.slice(6)) as RealtimeEvent);
      }
    }
  })().catch(() => {});
  return {
    head,
    events,
    waitFor: async (pred: (e: RealtimeEvent) => boolean, ms = 2000) => {
      const end = Date.now() + ms;
      while (Date.now() < end) {
        const hit = events.find(pred);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 10));
      }
      return undefined;
    },
    close: async () => {
      await reader.cancel();
      await pump;
    },
  };
}

describe('GET /api/events', () => {
  it('refuses anonymous callers', async () => {
    const res = await t.request('/api/events');
    expect(res.status).toBe(401);
  });

  it('starts with a retry hint and carries only the user’s own events and events for everyone', async () => {
    const a = await person();
    const b = await person();
    const c = await person();
    const streamB = await openStream(b.cookie);
    const streamC = await openStream(c.cookie);
    expect(streamB.head).toMatch(/^retry: \d+\n/);

    const sent = await t.request(`/api/messages/with/${b.id}`, { method: 'POST', headers: { cookie: a.cookie }, json: { content: 'secret for b' } });
    const { id } = (await sent.json()) as { id: string };
    expect(await streamB.waitFor((e) => e.type === 'message' && e.id === id)).toMatchObject({ from: a.id });
    expect(await streamB.waitFor((e) => e.type === 'notification')).toBeTruthy();
    t.deps.events.publish({ everyone: true }, { type: 'founding-count' });
    expect(await streamC.waitFor((e) => e.type === 'founding-count')).toBeTruthy();
    expect(await streamB.waitFor((e) => e.type === 'founding-count')).toBeTruthy();
    // C saw the public event but nothing of A and B's conversation.
    expect(streamC.events.map((e) => e.type)).toEqual(['founding-count']);
    expect(JSON.stringify(streamB.events)).not.toContain('secret');
    await streamB.close();
    await streamC.close();
  });

  it('tells everyone when a founding spot is taken (the landing banner refreshes)', async () => {
    const seen: { audience: Audience; event: RealtimeEvent }[] = [];
    const off = t.deps.events.subscribe((audience, event) => seen.push({ audience, event }));
    await person();
    off();
    expect(seen).toContainEqual({ audience: { everyone: true }, event: { type: 'founding-count' } });
  });

  it('stops delivering to a stream once the client goes away', async () => {
    const a = await person();
    const hub = hubOf.get(t.deps.events)!;
    const before = hub.size;
    const stream = await openStream(a.cookie);
    expect(hub.size).toBe(before + 1);
    await stream.close();
    expect(hub.size).toBe(before);
    t.deps.events.publish({ users: [a.id] }, { type: 'notification', id: 'x', popup: false });
    expect(stream.events).toEqual([]);
  });
});

const pgUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;

describe.runIf(pgUrl)('PgBus on PostgreSQL', () => {
  const logger = pino({ level: 'silent' });
  const channel = `reelmates_test_${process.pid}_${Date.now()}`;
  let pool: pg.Pool;
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: pgUrl, max: 2 });
  });
  afterAll(() => pool.end());

  const collect = (bus: PgBus) => {
    const got: { audience: Audience; event: RealtimeEvent }[] = [];
    bus.subscribe((audience, event) => got.push({ audience, event }));
    return got;
  };
  const until = async (pred: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    return pred();
  };

  it('delivers between two buses (two server processes) on the same database', async () => {
    const one = new PgBus({ url: pgUrl!, pool, logger, channel });
    const two = new PgBus({ url: pgUrl!, pool, logger, channel });
    await one.start();
    await two.start();
    try {
      const gotOne = collect(one);
      const gotTwo = collect(two);
      one.publish({ users: ['u1'] }, { type: 'message', id: 'm1', from: 'u2' });
      two.publish({ everyone: true }, { type: 'founding-count' });
      expect(await until(() => gotTwo.some((g) => g.event.id === 'm1') && gotOne.some((g) => g.event.type === 'founding-count'))).toBe(true);
      expect(gotTwo.find((g) => g.event.id === 'm1')).toEqual({ audience: { users: ['u1'] }, event: { type: 'message', id: 'm1', from: 'u2' } });
      // Each bus also hears its own publish (its own clients).
      expect(gotOne.some((g) => g.event.id === 'm1')).toBe(true);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('reconnects its listener after the connection is killed, and asks clients to resync', async () => {
    const bus = new PgBus({ url: pgUrl!, pool, logger, channel });
    await bus.start();
    try {
      const got = collect(bus);
      await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [`LISTEN ${channel}`]);
      expect(await until(() => got.some((g) => g.event.type === 'resync'), 5000)).toBe(true);
      bus.publish({ users: ['u9'] }, { type: 'notification', id: 'n9', popup: true });
      expect(await until(() => got.some((g) => g.event.id === 'n9'))).toBe(true);
    } finally {
      await bus.stop();
    }
  });
});

describe('in-process bus (PGlite: one process)', () => {
  it('delivers to every subscriber in the process and stops after stop()', async () => {
    const bus = new InProcessBus();
    const got: RealtimeEvent[] = [];
    bus.subscribe((_a, e) => got.push(e));
    bus.subscribe(() => {
      throw new Error('a broken stream');
    });
    bus.subscribe((_a, e) => got.push(e));
    bus.publish({ users: ['x'] }, { type: 'profile-updated', userId: 'x' });
    expect(got).toEqual([
      { type: 'profile-updated', userId: 'x' },
      { type: 'profile-updated', userId: 'x' },
    ]);
    await bus.stop();
    bus.publish({ everyone: true }, { type: 'founding-count' });
    expect(got).toHaveLength(2);
  });
});
