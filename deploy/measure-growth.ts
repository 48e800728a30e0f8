/**
 * The figures of docs/deployment.md's "Growing past one PostgreSQL", measured on a database
 * created for the run and dropped at the end:
 *
 *   node --import tsx deploy/measure-growth.ts            (PostgreSQL at TEST_DATABASE_URL or 127.0.0.1:5432)
 *
 * 1. LISTEN/NOTIFY: the app's own publish statement (a realtime_events row and its pg_notify in
 *    one statement, src/server/realtime/pg-bus.ts) from PUBLISHERS connections as fast as they go,
 *    heard by 2 and by 8 listening connections (one per instance): events/s and delivery latency.
 * 2. Connections: what one instance holds (its pool, DATABASE_POOL_SIZE, plus one listener).
 * 3. A shared-favorites ranking (the shape a matches query takes) on a table shaped like
 *    `favorites`: time per user as the table grows.
 * It reports; it does not fail.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PUBLISHERS = Number(process.env.MEASURE_PUBLISHERS ?? 8);
const EVENTS = Number(process.env.MEASURE_EVENTS ?? 20_000);
const CHANNEL = 'reelmates_events_measure';
const PUBLISH = `WITH row AS (INSERT INTO realtime_events (audience, event) VALUES ($2::text[], $3::jsonb) RETURNING id)
  SELECT pg_notify($1, json_build_object('id', id, 'audience', $4::json, 'event', $3::json)::text) FROM row`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function notifyThroughput(url: string, listeners: number) {
  const clients = await Promise.all(
    Array.from({ length: listeners }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    }),
  );
  const latencies: number[] = [];
  let heard = 0;
  let lastHeardAt = 0;
  const done = new Promise<void>((resolve) => {
    for (const client of clients)
      client.on('notification', (msg) => {
        const sentAt = Number(JSON.parse(msg.payload!).event.id);
        const now = performance.now();
        latencies.push(now - sentAt);
        lastHeardAt = now;
        if (++heard === EVENTS * listeners) resolve();
      });
  });
  const pool = new pg.Pool({ connectionString: url, max: PUBLISHERS });
  const users = Array.from({ length: 1000 }, () => randomUUID());
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < EVENTS) {
        const i = next++;
        const audience = { users: [users[i % users.length]!] };
        const event = { type: 'notification', id: String(performance.now()), popup: false };
        await pool.query(PUBLISH, [CHANNEL, audience.users, JSON.stringify(event), JSON.stringify(audience)]);
      }
    }),
  );
  const published = performance.now();
  await Promise.race([done, new Promise((r) => setTimeout(r, 60_000))]);
  latencies.sort((a, b) => a - b);
  await pool.end();
  await Promise.all(clients.map((c) => c.end()));
  return {
    listeners,
    publishedPerSecond: Math.round(EVENTS / ((published - started) / 1000)),
    deliveredPerSecondPerListener: Math.round(heard / listeners / ((lastHeardAt - started) / 1000)),
    heard: `${heard}/${EVENTS * listeners}`,
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };
}

async function connectionsOfOneInstance(url: string, poolSize: number) {
  const handle = await openDatabase({ kind: 'postgres', url, poolSize });
  // Every pool connection busy at once, as under load.
  await Promise.all(Array.from({ length: poolSize * 2 }, () => handle.pool!.query('SELECT pg_sleep(0.05)')));
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query(`LISTEN ${CHANNEL}`);
  const probe = new pg.Client({ connectionString: url });
  await probe.connect();
  const name = new URL(url).pathname.slice(1);
  const { rows } = await probe.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
  const { rows: max } = await probe.query<{ max_connections: string; superuser_reserved_connections: string }>(
    `SELECT current_setting('max_connections') AS max_connections, current_setting('superuser_reserved_connections') AS superuser_reserved_connections`,
  );
  await probe.end();
  await listener.end();
  await handle.close();
  return { poolSize, connectionsHeld: rows[0]!.n, maxConnections: Number(max[0]!.max_connections), superuserReserved: Number(max[0]!.superuser_reserved_connections) };
}

async function sharedFavorites(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE TABLE fav (user_id int NOT NULL, media_id int NOT NULL, PRIMARY KEY (user_id, media_id))`);
  await client.query(`CREATE INDEX fav_media ON fav (media_id, user_id)`);
  const results: { users: number; rows: number; msPerUser: number; p99Ms: number }[] = [];
  let users = 0;
  for (const target of [10_000, 50_000, 100_000]) {
    // 30 favorites each over 20,000 titles, skewed towards popular ones (random()^3).
    await client.query(`INSERT INTO fav SELECT u, (20000 * random() ^ 3)::int FROM generate_series($1::int + 1, $2::int) u, generate_series(1, 30) ON CONFLICT DO NOTHING`, [
      users,
      target,
    ]);
    users = target;
    await client.query('ANALYZE fav');
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const me = 1 + Math.floor(Math.random() * users);
      const t0 = performance.now();
      await client.query(
        `SELECT f2.user_id, count(*) AS shared FROM fav f1 JOIN fav f2 ON f2.media_id = f1.media_id AND f2.user_id <> f1.user_id
         WHERE f1.user_id = $1 GROUP BY f2.user_id ORDER BY shared DESC LIMIT 50`,
        [me],
      );
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM fav');
    results.push({ users, rows: rows[0]!.n, msPerUser: Math.round(percentile(times, 50)), p99Ms: Math.round(percentile(times, 99)) });
  }
  await client.end();
  return results;
}

async function main() {
  const name = `reelmates_measure_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await runMigrations(handle);
    await handle.close();
    console.log(
      `load average before: ${(await import('node:os'))
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    for (const listeners of [2, 8]) console.log('LISTEN/NOTIFY', JSON.stringify(await notifyThroughput(url.toString(), listeners)));
    for (const poolSize of [10, 20]) console.log('connections', JSON.stringify(await connectionsOfOneInstance(url.toString(), poolSize)));
    for (const row of await sharedFavorites(url.toString())) console.log('shared favorites', JSON.stringify(row));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
