/**
 * The realtime fan-out bench (issue 25): many open event streams on one instance (10,000 by
 * default), and events to many different users a second (1,000), published the way another
 * instance publishes them on PostgreSQL (a row in realtime_events and a NOTIFY in one statement,
 * as PgBus.publish does). Measured: the delivery time from just before the statement is sent to the
 * event arriving on each open tab of its user (p50, p99, max), and the server's memory per open
 * stream (its resident set before and after opening the streams).
 *
 * Users and sessions go straight into the database (signing up 2,000 users through the API would
 * take minutes); the cookies are signed with the server's BETTER_AUTH_SECRET exactly as Better Auth
 * signs them, so every stream is opened through the ordinary session check.
 *
 * Each stream is a socket in this process and in the server: both need a file-descriptor limit above
 * the stream count (`ulimit -n 20000` before `npm run bench`); with less, the target is skipped.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';

export interface FanoutOptions {
  baseUrl: string;
  databaseUrl: string;
  secret: string;
  serverPid: number;
  streams: number;
  streamsPerUser: number;
  usersPerSecond: number;
  seconds: number;
  log: (line: string) => void;
}

export interface FanoutResult {
  openStreams: number;
  events: number;
  deliveries: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  eventsPerSecond: number;
  lost: number;
  rssBeforeMb: number;
  rssAfterMb: number;
  bytesPerStream: number;
}

const CHANNEL = 'reelmates_events';

/** The open-file limit of this process (Linux), or undefined elsewhere. */
export function openFileLimit(): number | undefined {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft === 'unlimited' ? Infinity : Number(soft);
  } catch {
    return undefined;
  }
}

function rssBytes(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line!.split(/\s+/)[1]) * 1024;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Users with one session each, straight into the database; their signed session cookies. */
async function seedUsers(databaseUrl: string, secret: string, count: number): Promise<{ id: string; cookie: string }[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const tag = randomBytes(3).toString('hex');
    const users = Array.from({ length: count }, (_, i) => ({ id: `fan-${tag}-${i}`, token: randomBytes(24).toString('base64url') }));
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO "user" (id, name, email, email_verified, username, display_username)
       SELECT id, 'Fan ' || id, id || '@example.com', true, replace(id, '-', '_'), replace(id, '-', '_') FROM unnest($1::text[]) id`,
      [users.map((u) => u.id)],
    );
    await db.query(`INSERT INTO profiles (id, full_name) SELECT id, 'Fan' FROM unnest($1::text[]) id`, [users.map((u) => u.id)]);
    // Expiring in 30 days, Better Auth's lifetime: fresh, so the session check reads it without writing.
    await db.query(`INSERT INTO session (id, token, user_id, expires_at) SELECT 's-' || u, t, u, now() + interval '30 days' FROM unnest($1::text[], $2::text[]) AS x(u, t)`, [
      users.map((u) => u.id),
      users.map((u) => u.token),
    ]);
    await db.query('COMMIT');
    return users.map((u) => ({ id: u.id, cookie: `reelmates.session_token=${encodeURIComponent(`${u.token}.${createHmac('sha256', secret).update(u.token).digest('base64')}`)}` }));
  } finally {
    await db.end();
  }
}

/** One event stream on its own socket; each `data:` line goes to `onData`. */
function openStream(baseUrl: string, cookie: string, onData: (data: string) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          for (const line of block.split('\n')) if (line.startsWith('data: ')) onData(line.slice(6));
        }
      });
      res.on('error', () => {});
      resolve(req);
    });
    req.on('error', reject);
  });
}

export async function measureFanout(o: FanoutOptions): Promise<FanoutResult> {
  const userCount = Math.ceil(o.streams / o.streamsPerUser);
  o.log(`seeding ${userCount} users with sessions`);
  const users = await seedUsers(o.databaseUrl, o.secret, userCount);

  // Per event (its notification id): when it was sent and how many tabs must still receive it.
  const pending = new Map<string, { t0: number; left: number }>();
  const latencies: number[] = [];
  const onData = (data: string) => {
    const now = performance.now();
    const event = JSON.parse(data) as { type: string; id?: string };
    if (event.type !== 'notification' || !event.id) return;
    const p = pending.get(event.id);
    if (!p) return;
    latencies.push(now - p.t0);
    if (--p.left === 0) pending.delete(event.id);
  };

  await new Promise((r) => setTimeout(r, 1_000));
  const rssBefore = rssBytes(o.serverPid);
  o.log(`opening ${o.streams} event streams`);
  const requests: http.ClientRequest[] = [];
  const tabs = new Map<string, number>();
  for (let s = 0; s < o.streams; s += 100) {
    const batch = Array.from({ length: Math.min(100, o.streams - s) }, (_, k) => {
      const user = users[(s + k) % users.length]!;
      tabs.set(user.id, (tabs.get(user.id) ?? 0) + 1);
      return openStream(o.baseUrl, user.cookie, onData);
    });
    requests.push(...(await Promise.all(batch)));
  }
  await new Promise((r) => setTimeout(r, 2_000));
  const rssAfter = rssBytes(o.serverPid);

  o.log(`events to ${o.usersPerSecond} users a second for ${o.seconds} s`);
  const pool = new pg.Pool({ connectionString: o.databaseUrl, max: 8 });
  const statement = `WITH row AS (INSERT INTO realtime_events (audience, event) VALUES ($2::text[], $3::jsonb) RETURNING id)
    SELECT pg_notify($1, json_build_object('id', id, 'audience', $4::json, 'event', $3::json)::text) FROM row`;
  const TICK_MS = 10;
  const perTick = o.usersPerSecond / (1000 / TICK_MS);
  let sent = 0;
  let next = 0;
  const publishes: Promise<unknown>[] = [];
  const started = performance.now();
  const total = Math.round(o.usersPerSecond * o.seconds);
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / TICK_MS + 1) * perTick));
    for (; sent < due; sent++) {
      // Different users in turn: 1,000 a second out of the seeded ones.
      const user = users[next++ % users.length]!;
      const id = `fan-${sent}`;
      const event = JSON.stringify({ type: 'notification', id, popup: false });
      pending.set(id, { t0: performance.now(), left: tabs.get(user.id) ?? 0 });
      publishes.push(pool.query(statement, [CHANNEL, [user.id], event, JSON.stringify({ users: [user.id] })]));
    }
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  await Promise.all(publishes);
  const elapsed = (performance.now() - started) / 1000;
  const deadline = Date.now() + 5_000;
  while (pending.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const lost = [...pending.values()].reduce((n, p) => n + p.left, 0);
  await pool.end();
  for (const req of requests) req.destroy();
  latencies.sort((a, b) => a - b);
  return {
    openStreams: requests.length,
    events: total,
    deliveries: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.at(-1) ?? 0,
    eventsPerSecond: total / elapsed,
    lost,
    rssBeforeMb: rssBefore / 2 ** 20,
    rssAfterMb: rssAfter / 2 ** 20,
    bytesPerStream: (rssAfter - rssBefore) / requests.length,
  };
}
