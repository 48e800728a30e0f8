import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/harness';
import { type Audience, InProcessBus, type RealtimeEvent } from './bus';
import { EventLog } from './event-log';
import { PgBus } from './pg-bus';

// Runs in the api-postgres project only (*.pg.api.test.ts), on a migrated database of its own.
let pgUrl: string;

describe('PgBus on PostgreSQL', () => {
  const logger = pino({ level: 'silent' });
  const channel = `reelmates_test_${process.pid}_${Date.now()}`;
  let handle: DatabaseHandle;
  let pool: pg.Pool;
  let log: EventLog;
  beforeAll(async () => {
    handle = await createTestDatabase();
    pool = handle.pool!;
    pgUrl = (pool as pg.Pool & { options: { connectionString: string } }).options.connectionString;
    log = new EventLog(handle.db);
  });
  afterAll(() => handle.close());

  const collect = (bus: PgBus) => {
    const got: { audience: Audience; event: RealtimeEvent; id?: number }[] = [];
    bus.subscribe((audience, event, id) => got.push({ audience, event, ...(id === undefined ? {} : { id }) }));
    return got;
  };
  const until = async (pred: () => boolean, ms = 3000) => {
    const end = Date.now() + ms;
    while (!pred() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    return pred();
  };

  it('delivers between two buses (two server processes) on the same database', async () => {
    const one = new PgBus({ url: pgUrl, pool, log, logger, channel });
    const two = new PgBus({ url: pgUrl, pool, log, logger, channel });
    await one.start();
    await two.start();
    try {
      const gotOne = collect(one);
      const gotTwo = collect(two);
      one.publish({ users: ['u0'] }, { type: 'notifications-changed' });
      expect(await until(() => gotTwo.length === 1)).toBe(true);
      const anchor = gotTwo[0]!.id!;
      one.publish({ users: ['u1'] }, { type: 'message', id: 'm1', from: 'u2', to: 'u1' });
      two.publish({ everyone: true }, { type: 'founding-count' });
      const hasM1 = (got: typeof gotOne) => got.some((g) => g.event.type === 'message' && g.event.id === 'm1');
      // Each bus hears the other's publish, and its own (its own clients), through NOTIFY. The two
      // publishes go out on different pool connections, so they may arrive in either order: wait for all.
      expect(await until(() => hasM1(gotTwo) && hasM1(gotOne) && gotOne.some((g) => g.event.type === 'founding-count'))).toBe(true);
      const m1 = gotTwo.find((g) => g.event.type === 'message' && g.event.id === 'm1');
      expect(m1).toEqual({ audience: { users: ['u1'] }, event: { type: 'message', id: 'm1', from: 'u2', to: 'u1' }, id: expect.any(Number) });
      // Both instances know the event under the same id: the row the publish wrote.
      expect(gotOne.find((g) => g.event.type === 'message' && g.event.id === 'm1')!.id).toBe(m1!.id);
      // Replay for u1 after the first event: its message and the event for everyone; not u0's.
      const replay = await log.missedBy('u1', anchor);
      expect(replay).toContainEqual({ id: m1!.id, audience: { users: ['u1'] }, event: m1!.event });
      expect(replay!.map((r) => r.event.type).sort()).toEqual(['founding-count', 'message']);
      expect(await log.missedBy('u0', anchor)).toEqual([expect.objectContaining({ event: { type: 'founding-count' } })]);
    } finally {
      await one.stop();
      await two.stop();
    }
  });

  it('reconnects its listener after the connection is killed, and asks clients to resync when it had heard nothing', async () => {
    const bus = new PgBus({ url: pgUrl, pool, log, logger, channel: `${channel}_fresh` });
    await bus.start();
    try {
      const got = collect(bus);
      await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()`, [`LISTEN ${channel}_fresh`]);
      expect(await until(() => got.some((g) => g.event.type === 'resync'), 5000)).toBe(true);
      bus.publish({ users: ['u9'] }, { type: 'notification', id: 'n9', popup: true });
      expect(await until(() => got.some((g) => g.event.type === 'notification' && g.event.id === 'n9'))).toBe(true);
    } finally {
      await bus.stop();
    }
  });

  it('after its listener was down, hands its streams the events published meanwhile, from the table, in order', async () => {
    const listening = new PgBus({ url: pgUrl, pool, log, logger, channel });
    const other = new PgBus({ url: pgUrl, pool, log, logger, channel });
    await listening.start();
    await other.start();
    try {
      const got = collect(listening);
      other.publish({ users: ['u5'] }, { type: 'notification', id: 'before', popup: false });
      expect(await until(() => got.some((g) => g.event.type === 'notification' && g.event.id === 'before'))).toBe(true);
      // Cut the listener of `listening` only (the query text is the same for both: keep other's by pid).
      const { rows } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE query = $1 ORDER BY backend_start`, [`LISTEN ${channel}`]);
      expect(rows).toHaveLength(2);
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      // Published while it is away (its reconnection waits at least 250 ms).
      for (let i = 1; i <= 3; i++) other.publish({ users: ['u5'] }, { type: 'notification', id: `away${i}`, popup: true });
      expect(await until(() => got.filter((g) => g.event.type === 'notification' && g.event.id.startsWith('away')).length === 3, 5000)).toBe(true);
      const away = got.filter((g) => g.event.type === 'notification' && g.event.id.startsWith('away'));
      // The three went out on different pool connections: whatever their commit order, they come in id order.
      expect(away.map((g) => (g.event as { id: string }).id).sort()).toEqual(['away1', 'away2', 'away3']);
      const ids = away.map((g) => g.id!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(got.some((g) => g.event.type === 'resync')).toBe(false);
    } finally {
      await listening.stop();
      await other.stop();
    }
  });

  it('writes the events published in one turn with one statement, in the order published, and drops only one too large', async () => {
    const bus = new PgBus({ url: pgUrl, pool, log, logger, channel: `${channel}_batch` });
    await bus.start();
    const query = pool.query.bind(pool);
    const writes: string[] = [];
    pool.query = ((...args: Parameters<typeof query>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      if (text?.includes('INSERT INTO realtime_events')) writes.push(text);
      return query(...args);
    }) as typeof pool.query;
    try {
      const got = collect(bus);
      for (let i = 0; i < 5; i++) bus.publish({ users: [`u${i}`] }, { type: 'notification', id: `n${i}`, popup: false });
      // Far over NOTIFY's 8,000 bytes: logged and dropped, the others go out.
      bus.publish({ users: Array.from({ length: 400 }, (_, i) => `user-with-a-long-id-${i}`) }, { type: 'founding-count' });
      bus.publish({ everyone: true }, { type: 'founding-count' });
      expect(await until(() => got.length === 6)).toBe(true);
      expect(writes).toHaveLength(1);
      expect(got.map((g) => ('id' in g.event ? g.event.id : g.event.type))).toEqual(['n0', 'n1', 'n2', 'n3', 'n4', 'founding-count']);
      expect(got[0]!.audience).toEqual({ users: ['u0'] });
      expect(got[5]!.audience).toEqual({ everyone: true });
      const ids = got.map((g) => g.id!);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      // The rows are there for replay, under the ids heard live.
      const replay = await log.missedBy('u3', ids[0]!);
      expect(replay?.map((r) => r.id)).toEqual([ids[3], ids[5]]);
    } finally {
      pool.query = query;
      await bus.stop();
    }
  });

  it('passes on only the declared events another instance NOTIFYs (another version, or not JSON, is dropped)', async () => {
    const bus = new PgBus({ url: pgUrl, pool, log, logger, channel });
    await bus.start();
    try {
      const got = collect(bus);
      // One connection, so the notifications arrive in the order sent: once the last is here, the
      // others were dropped.
      const sender = await pool.connect();
      try {
        const notify = (payload: string) => sender.query('SELECT pg_notify($1, $2)', [channel, payload]);
        await notify('not json');
        await notify(JSON.stringify({ audience: { everyone: true }, event: { type: 'typing', by: 'u1' } }));
        await notify(JSON.stringify({ audience: { users: ['u1'] }, event: { type: 'message', id: 'm1' } }));
        await notify(JSON.stringify({ audience: { nobody: true }, event: { type: 'founding-count' } }));
        await notify(JSON.stringify({ audience: { everyone: true }, event: { type: 'founding-count' } }));
      } finally {
        sender.release();
      }
      expect(await until(() => got.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual([{ audience: { everyone: true }, event: { type: 'founding-count' } }]);
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
