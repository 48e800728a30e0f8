import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Audience, InProcessBus, type RealtimeEvent } from './bus';
import { PgBus } from './pg-bus';

// Runs in the api-postgres project only (*.pg.api.test.ts).
const pgUrl = process.env.TEST_DATABASE_URL!;

describe('PgBus on PostgreSQL', () => {
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
      one.publish({ users: ['u1'] }, { type: 'message', id: 'm1', from: 'u2', to: 'u1' });
      two.publish({ everyone: true }, { type: 'founding-count' });
      const hasM1 = (got: typeof gotOne) => got.some((g) => g.event.type === 'message' && g.event.id === 'm1');
      // Each bus hears the other's publish, and its own (its own clients), through NOTIFY. The two
      // publishes go out on different pool connections, so they may arrive in either order: wait for all.
      expect(await until(() => hasM1(gotTwo) && hasM1(gotOne) && gotOne.some((g) => g.event.type === 'founding-count'))).toBe(true);
      expect(gotTwo.find((g) => g.event.type === 'message' && g.event.id === 'm1')).toEqual({ audience: { users: ['u1'] }, event: { type: 'message', id: 'm1', from: 'u2', to: 'u1' } });
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
      expect(await until(() => got.some((g) => g.event.type === 'notification' && g.event.id === 'n9'))).toBe(true);
    } finally {
      await bus.stop();
    }
  });

  it('passes on only the declared events another instance NOTIFYs (another version, or not JSON, is dropped)', async () => {
    const bus = new PgBus({ url: pgUrl!, pool, logger, channel });
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
