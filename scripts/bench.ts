/**
 * Throughput of the built app against a bare node:http server on the same machine.
 *
 *   npm run bench                   8 s per target after a 3 s warm-up
 *   BENCH_SECONDS=20 npm run bench  longer runs, steadier numbers
 *   BENCH_ROUNDS=1 npm run bench    each target in one stretch (default 2 rounds, see below)
 *   BENCH_ONLY=sse npm run bench    only the targets whose name contains the text (and their baselines)
 *   BENCH_SSE_STREAMS=1000 BENCH_SSE_STREAMS_PER_USER=5 BENCH_SSE_SAMPLES=300   the realtime target
 *   BENCH_ONLY=profiles npm run bench   the profile API on PostgreSQL (signed in and as a guest)
 *   BENCH_ONLY=feed npm run bench       the Following tab's first page on PostgreSQL (1,000 people followed)
 *   BENCH_ONLY=outbox BENCH_OUTBOX_MAILS=1000 npm run bench   mails/s from the outbox to the dev mailbox
 *   BENCH_ONLY=smtp BENCH_SMTP_MAILS=1000 npm run bench   mails/s over SMTP (AUTH, the default pool) to a local
 *                                       smtp-server, and mails per connection (issue 26; PostgreSQL)
 *   BENCH_ONLY=fan-out npm run bench    10,000 open event streams on one instance (PostgreSQL), events to 1,000
 *                                       users a second: delivery p99 and memory per stream (needs `ulimit -n 20000`;
 *                                       BENCH_FANOUT_STREAMS, BENCH_FANOUT_USERS_PER_SECOND, BENCH_FANOUT_SECONDS)
 *   BENCH_CPU_PROF=/tmp/prof npm run bench   also write a V8 CPU profile of every app server there (route table, mixed load too)
 *   BENCH_KEEP_DB=1 npm run bench       keep the app-pg targets' database (its URL is printed) to look into
 *
 * Then (decision 017) every GET route of the route tables, signed in and anonymous, on PostgreSQL and
 * PGlite, in one table with issue 27's targets; the mixed signed-in load (200 connections, PostgreSQL);
 * the match search against the naive join:
 *   BENCH_DURATION=3          seconds per route cell (after a warm-up of a third of it, at least 1 s)
 *   BENCH_ONLY=route          every route (and nothing else); BENCH_ONLY=/api/me/lists one route;
 *                             BENCH_ONLY=/api/me/lists,unread-count,mixed  several (comma-separated)
 *   BENCH_ONLY=mixed | matches   the mixed load | the match bench alone
 *   BENCH_ONLY=lighthouse      Lighthouse on landing, discover, details and a phone's profile
 *   BENCH_ONLY=import          a 5,000-row Letterboxd export imported offline (BENCH_IMPORT_ROWS)
 *   BENCH_ONLY=crash           the crash-durability suite with 20 kill -9s per database (BENCH_CRASH_ROUNDS)
 *   BENCH_ROUTES_ONLY=1       the route table, the mixed load and matches, without the targets above
 *   BENCH_DATABASES=pglite    one database (default postgres,pglite)
 *   BENCH_MEMBERS=60 BENCH_MIXED_SECONDS=60 BENCH_MATCH_USERS=100000 BENCH_MATCH_PGLITE_USERS=20000
 *
 * For the app-pg targets each round also gives the CPU time per request of the server process and of
 * the PostgreSQL backends of its pool (from /proc): steadier than req/s on a shared, busy machine.
 *
 * The PostgreSQL targets (server app-pg) run on a new database of the server at BENCH_DATABASE_URL
 * (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards;
 * without PostgreSQL they are skipped with the reason.
 *
 * Both servers run as child processes on 127.0.0.1 (free ports, a fresh temporary DATA_DIR for the
 * app); autocannon drives them from this process, with the same settings for every target. It
 * reports and never fails on a missed goal: exit 0 after a complete run, exit 1 when something
 * crashed.
 *
 * A ratio compares like with like. The client's work grows with the answer (on a 2-core machine
 * autocannon parsing 2 KB gzipped bodies is a large share of the CPU), so a target with a large
 * answer is compared with the bare server sending the very same bytes: before measuring, the bench
 * takes the app's answer as it is on the wire and the bare server answers it, with the same
 * Content-Type and Content-Encoding, at /same-bytes. Small answers are compared with the bare
 * server's small JSON at /.
 *
 * To add a target, add an entry to TARGETS. A target that is not plain request throughput (an SSE
 * round trip, for example) supplies its own `measure`.
 *
 * Other load on the machine drifts during a run, so the targets are measured in rounds (all of
 * them, then all of them again), each round BENCH_SECONDS / BENCH_ROUNDS long: a row's req/s is the
 * mean over its rounds, its p99 the worst round's, and its failures the sum.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon';
import { lighthouseLines, measureLighthouse } from './bench-lighthouse';
import { chosenTargets, combineRounds, type Measurement, tableLines, targetsToMeasure, verdictLines } from './bench-report';
import { type AutocannonRun, runRouteBench } from './bench-routes-run';
import { matchFigureLines, measureMatches } from './bench-matches';
import { importFigureLines, measureImport } from './bench-import';
import { createBenchDatabase, FEED_FOLLOWING, PG_ADMIN_URL, PROFILE_FAVORITES, PROFILE_FOLLOWERS, recountFollows, seedFeed, seedForum, seedProfile } from './bench-seeds';
import { measureSseLatency } from './bench-sse';
import { measureFanout, openFileLimit } from './bench-sse-fanout';
import { SERVER_NODE_FLAGS } from './server-flags';
import { startTestSmtpServer } from '../src/server/test/smtp-server';

interface Histogram {
  average: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeout?: number;
  /** Per request: autocannon calls setupRequest before each one (here: whose cookie it carries). */
  requests?: { setupRequest: (req: { headers?: Record<string, string> }) => { headers?: Record<string, string> } }[];
}
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

const SECONDS = positiveNumber('BENCH_SECONDS', process.env.BENCH_SECONDS, 8);
/** The route table (decision 017): seconds per cell, after a warm-up of a third of it (at least 1 s). */
const DURATION = positiveNumber('BENCH_DURATION', process.env.BENCH_DURATION, 3);
const ROUNDS = Math.ceil(positiveNumber('BENCH_ROUNDS', process.env.BENCH_ROUNDS, 2));
// A fresh server is still settling for a few seconds (JIT, the embedded database finishing its start).
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const OUTBOX_MAILS = Math.round(positiveNumber('BENCH_OUTBOX_MAILS', process.env.BENCH_OUTBOX_MAILS, 1000));
const SMTP_MAILS = Math.round(positiveNumber('BENCH_SMTP_MAILS', process.env.BENCH_SMTP_MAILS, 1000));
const HOST = '127.0.0.1';
/** What a browser sends; the app answers its static files precompressed when asked. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

/** app-pg: the built app on a fresh PostgreSQL database (only when PostgreSQL answers). */
type ServerName = 'bare' | 'app' | 'app-pg';

interface Target {
  name: string;
  server: ServerName;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** Several viewers: each request carries the next of these cookies in turn (round robin). */
  cookies?: string[];
  body?: string;
  /** The goal, as a share of the bare server's requests per second. */
  minShareOfBare?: number;
  /** The row the share is taken against; BASELINE when not given. */
  baseline?: Target;
  /** A latency goal for the 99th percentile, in milliseconds. */
  maxP99Ms?: number;
  /** Replaces the default autocannon run for targets measured another way. */
  measure?: (baseUrl: string, target: Target, round: Round) => Promise<Measurement>;
  /** Measured in the first round only (slow targets that are not throughput). */
  once?: boolean;
  /** A goal in items per second of its own, with no baseline (see bench-report.ts). */
  minPerSecond?: number;
  unit?: string;
}

/** The reference row for small answers. */
const BASELINE: Target = { name: 'bare node:http GET /', server: 'bare', path: '/' };
const DETAILS_PATH = '/api/catalogue/titles/movie/550';
/** The reference row for title details: the bare server sending the app's answer, byte for byte. */
const SAME_BYTES: Target = { name: 'bare node:http, same bytes as details', server: 'bare', path: '/same-bytes' };

// A baseline is measured just before the rows compared with it: other load on the machine drifts.
const TARGETS: Target[] = [
  BASELINE,
  { name: 'app GET /api/health', server: 'app', path: '/api/health', minShareOfBare: 0.5 },
  { name: 'app GET /', server: 'app', path: '/', minShareOfBare: 0.5 },
  SAME_BYTES,
  // Cached after the warm-up's first request: the route keeps the answer ready (gzipped JSON with an
  // ETag) and the front door answers the same URL from it until it expires.
  { name: 'app GET title details (cached)', server: 'app', path: DETAILS_PATH, minShareOfBare: 0.3, maxP99Ms: 20, baseline: SAME_BYTES },
  // Realtime: its own app instance (TRUST_PROXY, so one machine may sign up many users), N open
  // event streams, then the time from a message POST to the event on every tab of the receiver.
  // Measured once (in the first round): it is a latency, not a throughput.
  { name: 'app SSE message → event (1,000 streams)', server: 'app', path: '/api/events', maxP99Ms: 100, measure: measureSse, once: true },
  // Issue 25: 10,000 open streams on one instance on PostgreSQL, events to 1,000 different users a
  // second published as another instance publishes them; delivery p99 and memory per open stream.
  { name: 'app-pg SSE fan-out (10,000 streams, 1,000 users/s)', server: 'app', path: '/api/events', maxP99Ms: 100, measure: measureSseFanout, once: true },
  // Issue 5: a signed-in viewer opens the profile of a user with 500 favorites and 2,000 followers.
  { name: 'app-pg GET /api/profiles/{id} (500 favorites, 2,000 followers)', server: 'app-pg', path: '/api/profiles/{id}', maxP99Ms: 20, measure: measureProfile },
  // The same for a visitor (no session lookup): the difference is the cost of the session.
  { name: 'app-pg GET /api/profiles/{id} as a guest', server: 'app-pg', path: '/api/profiles/{id}', measure: (url, t, round) => measureProfile(url, t, round, false) },
  // Issue 15: the first page of a forum with 10,000 threads and of a thread with 2,000 replies, signed in
  // (keyset pages; no OFFSET, no count(*) per read).
  {
    name: 'app-pg GET forum threads (10,000 threads)',
    server: 'app-pg',
    path: '/api/forums/{id}/threads',
    maxP99Ms: 20,
    measure: (url, t, round) => measureForum(url, t, round, 'threads'),
  },
  {
    name: 'app-pg GET forum thread replies (2,000 replies)',
    server: 'app-pg',
    path: '/api/forum-threads/{id}/replies',
    maxP99Ms: 20,
    measure: (url, t, round) => measureForum(url, t, round, 'replies'),
  },
  // Issue 21 part 3: the first page of the Following tab of a viewer who follows 1,000 people with
  // 100 activities each (decision 052).
  { name: 'app-pg GET /api/me/feed (following 1,000 active people)', server: 'app-pg', path: '/api/me/feed', maxP99Ms: 30, measure: measureFeed },
  // The same first page for 50 different viewers in turn, each following 1,000 of those people: what
  // many members' dashboards cost at once, where the one viewer's concurrent requests share reads.
  { name: 'app-pg GET /api/me/feed (50 viewers, each following 1,000)', server: 'app-pg', path: '/api/me/feed', maxP99Ms: 30, measure: measureFeedMany },
  // Issue 25: N mails queued at once on one instance, until every one is an .eml in its dev mailbox.
  {
    name: `app-pg outbox: ${OUTBOX_MAILS.toLocaleString('en-US')} mails to the dev mailbox`,
    server: 'app-pg',
    path: '',
    minPerSecond: 200,
    unit: 'mails',
    measure: measureOutbox,
    once: true,
  },
  // Issue 26: the same through the SMTP transport and its pool to a relay that requires AUTH (a local
  // smtp-server in this process), with the default pool: mails/s from one instance and per connection.
  {
    name: `app-pg SMTP: ${SMTP_MAILS.toLocaleString('en-US')} mails to a local relay (AUTH, pooled)`,
    server: 'app',
    path: '',
    minPerSecond: 100,
    unit: 'mails',
    measure: measureSmtp,
    once: true,
  },
];

// ---- PostgreSQL targets: a fresh database, seeded with SQL, dropped at the end ----

/** Signs a viewer up through the API and follows the verification link from the dev mailbox. */
let signUps = 1;

async function signedInViewer(baseUrl: string): Promise<string> {
  const email = `viewer${Date.now()}@example.com`;
  const res = await fetch(`${baseUrl}/api/accounts/sign-up`, {
    method: 'POST',
    // An address of its own (heard only where TRUST_PROXY is on): sign-up allows 10 an hour from one.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.77.${(signUps >> 8) & 255}.${signUps++ & 255}` },
    body: JSON.stringify({ email, password: 'Corr3ct-Horse!', username: `viewer_${Date.now().toString(36)}`, fullName: '', acceptTerms: true, acceptPrivacy: true }),
  });
  if (res.status !== 201) throw new Error(`bench sign-up failed: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 100; i++) {
    const { mails } = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { mails: { text: string; status: string }[] };
    const link = mails.find((m) => m.status === 'sent')?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) {
      const target = new URL(link);
      const verified = await fetch(`${baseUrl}${target.pathname}${target.search}`, { redirect: 'manual' });
      const cookie = verified.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      if (!cookie.includes('session_token')) throw new Error(`bench verification gave no session (${verified.status})`);
      return cookie;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('bench viewer: no verification mail');
}

let pgDatabaseUrl: string | undefined;
/** The app-pg server's DATA_DIR: its dev mailbox is the mailbox/ directory in it. */
let pgAppDataDir: string | undefined;
let seeded: Promise<string> | undefined;
/** One viewer per target, signed up in its first round and kept for the later ones. */
const viewers = new Map<Target, Promise<string>>();

async function measureProfile(baseUrl: string, target: Target, round: Round, signedIn = true): Promise<Measurement> {
  const id = await (seeded ??= seedProfile(pgDatabaseUrl!));
  let cookie = viewers.get(target);
  if (signedIn && !cookie) viewers.set(target, (cookie = signedInViewer(baseUrl)));
  const headers: Record<string, string> = signedIn ? { cookie: await cookie! } : {};
  const check = await fetch(`${baseUrl}/api/profiles/${id}`, { headers });
  const body = (await check.json()) as { followersCount?: number; favoritesCount?: number; isOwn?: boolean };
  if (body.followersCount !== PROFILE_FOLLOWERS || body.favoritesCount !== PROFILE_FAVORITES) throw new Error(`profile bench: unexpected answer ${JSON.stringify(body)}`);
  return measureHttp(baseUrl, { ...target, path: `/api/profiles/${id}`, headers }, round);
}

let feedViewer: Promise<string> | undefined;

/** The profile seed, the feed's activities and its first viewer (whose cookie it gives). */
async function feedSeed(baseUrl: string): Promise<string> {
  await (seeded ??= seedProfile(pgDatabaseUrl!));
  const viewer = await signedInViewer(baseUrl);
  const session = (await (await fetch(`${baseUrl}/api/session`, { headers: { cookie: viewer } })).json()) as { user: { id: string } };
  await seedFeed(pgDatabaseUrl!, session.user.id);
  return viewer;
}

async function measureFeed(baseUrl: string, target: Target, round: Round): Promise<Measurement> {
  const cookie = await (feedViewer ??= feedSeed(baseUrl));
  const headers = { cookie };
  const check = await fetch(`${baseUrl}/api/me/feed`, { headers });
  const body = (await check.json()) as { items?: unknown[]; nextCursor?: string | null };
  if (check.status !== 200 || body.items?.length !== 20 || !body.nextCursor) throw new Error(`feed bench: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
  return measureHttp(baseUrl, { ...target, headers }, round);
}

const FEED_VIEWERS = 50;
let feedViewers: Promise<string[]> | undefined;

/** FEED_VIEWERS more viewers, each following FEED_FOLLOWING of the profile seed's users from a place of their own. */
async function measureFeedMany(baseUrl: string, target: Target, round: Round): Promise<Measurement> {
  await (feedViewer ??= feedSeed(baseUrl));
  const cookies = await (feedViewers ??= (async () => {
    const all: string[] = [];
    const db = new pg.Client({ connectionString: pgDatabaseUrl! });
    await db.connect();
    try {
      for (let k = 0; k < FEED_VIEWERS; k++) {
        const cookie = await signedInViewer(baseUrl);
        const session = (await (await fetch(`${baseUrl}/api/session`, { headers: { cookie } })).json()) as { user: { id: string } };
        await db.query(
          `INSERT INTO follows (follower_id, following_id) SELECT $1, 'bench-' || (1 + (g + $2::int * 37) % $3::int) FROM generate_series(1, $4::int) g ON CONFLICT DO NOTHING`,
          [session.user.id, k, PROFILE_FOLLOWERS, FEED_FOLLOWING],
        );
        all.push(cookie);
      }
      await recountFollows(db);
      await db.query('ANALYZE follows');
    } finally {
      await db.end();
    }
    return all;
  })());
  for (const cookie of cookies.slice(0, 3)) {
    const body = (await (await fetch(`${baseUrl}/api/me/feed`, { headers: { cookie } })).json()) as { items?: unknown[] };
    if (body.items?.length !== 20) throw new Error(`feed bench: a viewer got ${JSON.stringify(body).slice(0, 200)}`);
  }
  return measureHttp(baseUrl, { ...target, cookies }, round);
}

let forumSeeded: Promise<{ forumId: string; threadId: string }> | undefined;

async function measureForum(baseUrl: string, target: Target, round: Round, what: 'threads' | 'replies'): Promise<Measurement> {
  const { forumId, threadId } = await (forumSeeded ??= (seeded ??= seedProfile(pgDatabaseUrl!)).then(() => seedForum(pgDatabaseUrl!)));
  let cookie = viewers.get(target);
  if (!cookie) viewers.set(target, (cookie = signedInViewer(baseUrl)));
  const headers = { cookie: await cookie };
  const urlPath = what === 'threads' ? `/api/forums/${forumId}/threads` : `/api/forum-threads/${threadId}/replies`;
  const check = await fetch(baseUrl + urlPath, { headers });
  const body = (await check.json()) as { items?: unknown[]; nextCursor?: string | null };
  if (check.status !== 200 || !body.items?.length || !body.nextCursor) throw new Error(`forum bench: unexpected answer ${check.status} ${JSON.stringify(body).slice(0, 200)}`);
  return measureHttp(baseUrl, { ...target, path: urlPath, headers }, round);
}

/**
 * The machine's CPU ticks from /proc/stat (Linux): all of them, and those stolen by the hypervisor
 * for other guests: on a shared virtual machine, a sign that a round ran on a slowed machine.
 */
function machineTicks(): { total: number; steal: number } | undefined {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is already inside user)
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { total, steal: fields[7] ?? 0 };
  } catch {
    return undefined;
  }
}

function stealShare(before: ReturnType<typeof machineTicks>, after: ReturnType<typeof machineTicks>): number | undefined {
  if (!before || !after || after.total <= before.total) return undefined;
  return (after.steal - before.steal) / (after.total - before.total);
}

/** The largest share of CPU time stolen by the host in any round, printed with the results. */
let worstSteal = 0;

/** CPU seconds (user + system, from /proc; Linux only) of each of the given processes; the ones gone are left out. */
function cpuSeconds(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100); // utime, stime (fields 14 and 15 of stat), USER_HZ
    } catch {
      // gone, or no /proc
    }
  }
  return seconds;
}

/**
 * The CPU the processes used between two readings: a process that started in between counts from
 * zero; one that ended in between is missing from the second reading and counts nothing (the pool
 * closes idle connections, so its backends come and go).
 */
function cpuUsed(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, seconds] of after) used += seconds - (before.get(pid) ?? 0);
  return used;
}

/** The server's CPU and that of the PostgreSQL backends serving the bench database (its pool, after the warm-up). */
let pgCpuProbe: (() => Promise<{ server: Map<number, number>; db: Map<number, number> }>) | undefined;

/** The server as `npm start` runs it: its Node.js flags (scripts/server-flags.ts), then the built entry. */
const SERVER_ENTRY = [...SERVER_NODE_FLAGS, 'dist/server/index.js'];

/** BENCH_CPU_PROF=<dir>: a V8 CPU profile of each app server, written when it stops (open it in Chrome's DevTools). */
function cpuProfileArgs(): string[] {
  return process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
}

/** The app on a new PostgreSQL database, or the reason it cannot run. */
async function startPgApp(): Promise<Child | { skip: string }> {
  const pgDb = await createBenchDatabase();
  if ('skip' in pgDb) return pgDb;
  pgDatabaseUrl = pgDb.url;
  const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-pg-'));
  pgAppDataDir = pgDataDir;
  // The server migrates the new database at start; it is dropped when the server has stopped.
  const child = await startChild(
    'app-pg',
    [...cpuProfileArgs(), ...SERVER_ENTRY],
    // TRUST_PROXY: the bench signs up more viewers than one address may an hour, each from an address of its own.
    {
      DATA_DIR: pgDataDir,
      DATABASE_URL: pgDb.url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    },
    '/api/health',
  );
  if (fs.existsSync('/proc/self/stat')) {
    pgCpuProbe = async () => {
      const db = new pg.Client({ connectionString: pgDb.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
        return { server: cpuSeconds([child.process.pid!]), db: cpuSeconds(rows.map((r) => r.pid)) };
      } finally {
        await db.end();
      }
    };
  }
  child.cleanup = async () => {
    fs.rmSync(pgDataDir, { recursive: true, force: true });
    // BENCH_KEEP_DB=1: keep the targets' database to look into afterwards (EXPLAIN, pg_stat_*).
    if (process.env.BENCH_KEEP_DB) console.log(`kept the bench database: ${pgDb.url}`);
    else await pgDb.drop().catch((error: Error) => console.error(`could not drop the bench database: ${error.message}`));
  };
  return child;
}

/**
 * Outbox throughput on one instance: OUTBOX_MAILS rows go into mail_outbox in one statement (as
 * many requests' enqueues would leave them), then the dev mailbox directory is watched until each
 * is an .eml there. The server's worker finds them at its next poll (at most 2 s); the rate is
 * counted from the first mail written to the last, which is how fast the outbox drains.
 */
async function measureOutbox(): Promise<Measurement> {
  const db = new pg.Client({ connectionString: pgDatabaseUrl! });
  await db.connect();
  const html = `<!doctype html><html><body><h1>Confirm your e-mail</h1>${'<p>Welcome to Reelmates, the social network for film fans.</p>'.repeat(20)}</body></html>`;
  let ids: Set<string>;
  const queuedAt = performance.now();
  try {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO mail_outbox ("to", subject, html, text) SELECT 'bench' || g || '@example.com', 'Bench mail ' || g, $1, $2 FROM generate_series(1, $3) g RETURNING id`,
      [html, 'Welcome to Reelmates. '.repeat(40), OUTBOX_MAILS],
    );
    ids = new Set(rows.map((r) => r.id));
  } finally {
    await db.end();
  }
  const mailbox = path.join(pgAppDataDir!, 'mailbox');
  let firstAt: number | undefined;
  let delivered = 0;
  const deadline = performance.now() + 120_000;
  while (delivered < ids.size && performance.now() < deadline) {
    // <stamp>-<row id>.eml; temp files (hidden, .tmp) are not mails yet.
    const names = fs.existsSync(mailbox) ? fs.readdirSync(mailbox) : [];
    delivered = names.filter((n) => n.endsWith('.eml') && ids.has(n.slice(-40, -4))).length;
    if (delivered > 0) firstAt ??= performance.now();
    if (delivered < ids.size) await new Promise((r) => setTimeout(r, 5));
  }
  const doneAt = performance.now();
  const drainSeconds = firstAt === undefined ? Infinity : (doneAt - firstAt) / 1000;
  const rate = delivered > 1 ? (delivered - 1) / drainSeconds : 0;
  process.stdout.write(
    `\n    ${delivered} of ${ids.size} mails in the dev mailbox; first ${firstAt === undefined ? 'never' : `${Math.round(firstAt - queuedAt)} ms`} after queueing (the poll), all ${((doneAt - queuedAt) / 1000).toFixed(2)} s after queueing\n   `,
  );
  return { requestsPerSecond: rate, p99Ms: 0, failures: ids.size - delivered };
}

/**
 * SMTP throughput on one instance (issue 26): an app on a fresh PostgreSQL database with SMTP_URL at
 * a relay in this process that requires AUTH (the suite's smtp-server), the default pool (5
 * connections of 100 mails). SMTP_MAILS rows are queued in one statement; the rate is counted from
 * the first mail the relay accepts to the last, and the relay counts the connections.
 */
async function measureSmtp(): Promise<Measurement> {
  const pgDb = await createBenchDatabase();
  if ('skip' in pgDb) {
    process.stdout.write(` skipped: ${pgDb.skip}\n   `);
    return { requestsPerSecond: 0, p99Ms: 0, failures: 1 };
  }
  const relay = await startTestSmtpServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-smtp-'));
  const app = await startChild(
    'app-pg',
    [...SERVER_ENTRY],
    { DATA_DIR: dataDir, DATABASE_URL: pgDb.url, LOG_LEVEL: 'warn', SMTP_URL: relay.url, MAIL_FROM: 'Reelmates <no-reply@bench.reelmates.test>' },
    '/api/health',
    async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pgDb.drop().catch((error: Error) => console.error(`could not drop the bench database: ${error.message}`));
    },
  );
  try {
    const html = `<!doctype html><html><body><h1>New follower</h1>${'<p>Someone started following you on Reelmates.</p>'.repeat(20)}</body></html>`;
    const db = new pg.Client({ connectionString: pgDb.url });
    await db.connect();
    const queuedAt = performance.now();
    try {
      await db.query(`INSERT INTO mail_outbox ("to", subject, html, text) SELECT 'bench' || g || '@example.com', 'Bench mail ' || g, $1, $2 FROM generate_series(1, $3) g`, [
        html,
        'Someone started following you. '.repeat(30),
        SMTP_MAILS,
      ]);
    } finally {
      await db.end();
    }
    let firstAt: number | undefined;
    const deadline = performance.now() + 120_000;
    while (relay.received.length < SMTP_MAILS && performance.now() < deadline) {
      if (relay.received.length > 0) firstAt ??= performance.now();
      await new Promise((r) => setTimeout(r, 5));
    }
    const doneAt = performance.now();
    const delivered = new Set(relay.received.map((m) => m.envelopeTo.join(','))).size;
    const seconds = firstAt === undefined ? Infinity : (doneAt - firstAt) / 1000;
    const rate = delivered > 1 ? (delivered - 1) / seconds : 0;
    const perConnection = relay.connections.total ? relay.received.length / relay.connections.total : 0;
    process.stdout.write(
      `\n    ${delivered} of ${SMTP_MAILS} mails accepted by the relay (${relay.received.length - delivered} twice), all ${((doneAt - queuedAt) / 1000).toFixed(2)} s after queueing; ` +
        `${relay.connections.total} SMTP connections (at most ${relay.connections.peak} open at once, ${relay.refusedAuth} refused AUTH): ${perConnection.toFixed(1)} mails per connection\n   `,
    );
    return { requestsPerSecond: rate, p99Ms: 0, failures: SMTP_MAILS - delivered };
  } finally {
    await stopChild(app);
    children.splice(children.indexOf(app), 1);
    await relay.close();
  }
}

async function measureSse(): Promise<Measurement> {
  const streams = positiveNumber('BENCH_SSE_STREAMS', process.env.BENCH_SSE_STREAMS, 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-sse-'));
  const app = await startChild('app', [...SERVER_ENTRY], { DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' }, '/api/health', () =>
    fs.rmSync(dataDir, { recursive: true, force: true }),
  );
  try {
    const r = await measureSseLatency({
      baseUrl: app.url,
      streams,
      streamsPerUser: positiveNumber('BENCH_SSE_STREAMS_PER_USER', process.env.BENCH_SSE_STREAMS_PER_USER, 5),
      samples: positiveNumber('BENCH_SSE_SAMPLES', process.env.BENCH_SSE_SAMPLES, 300),
      log: (line) => process.stdout.write(` ${line} ...`),
    });
    process.stdout.write(
      `\n    ${r.openStreams} open streams, ${r.samples} messages: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms, ${r.failures} failed\n   `,
    );
    return { requestsPerSecond: r.sendsPerSecond, p99Ms: r.p99Ms, failures: r.failures };
  } finally {
    await stopChild(app);
    children.splice(children.indexOf(app), 1);
  }
}

async function measureSseFanout(): Promise<Measurement> {
  const streams = positiveNumber('BENCH_FANOUT_STREAMS', process.env.BENCH_FANOUT_STREAMS, 10_000);
  const limit = openFileLimit();
  if (limit !== undefined && limit < streams + 1_000) {
    process.stdout.write(` skipped: ${streams} streams need an open-file limit above ${streams + 1_000} (it is ${limit}; run \`ulimit -n 20000\` first)\n   `);
    return { requestsPerSecond: 0, p99Ms: 0, failures: 1 };
  }
  const pgDb = await createBenchDatabase();
  if ('skip' in pgDb) {
    process.stdout.write(` skipped: ${pgDb.skip}\n   `);
    return { requestsPerSecond: 0, p99Ms: 0, failures: 1 };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-fanout-'));
  const secret = `bench-${Math.random().toString(36).slice(2)}-${'x'.repeat(32)}`;
  const app = await startChild(
    'app-pg',
    [...SERVER_ENTRY],
    { DATA_DIR: dataDir, DATABASE_URL: pgDb.url, LOG_LEVEL: 'warn', BETTER_AUTH_SECRET: secret },
    '/api/health',
    async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pgDb.drop().catch((error: Error) => console.error(`could not drop the bench database: ${error.message}`));
    },
  );
  try {
    const r = await measureFanout({
      baseUrl: app.url,
      databaseUrl: pgDb.url,
      secret,
      serverPid: app.process.pid!,
      streams,
      streamsPerUser: 5,
      usersPerSecond: positiveNumber('BENCH_FANOUT_USERS_PER_SECOND', process.env.BENCH_FANOUT_USERS_PER_SECOND, 1_000),
      seconds: positiveNumber('BENCH_FANOUT_SECONDS', process.env.BENCH_FANOUT_SECONDS, 10),
      log: (line) => process.stdout.write(` ${line} ...`),
    });
    process.stdout.write(
      `\n    ${r.openStreams} open streams; ${r.events} events to different users at ${r.eventsPerSecond.toFixed(0)}/s, ${r.deliveries} deliveries: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms, ${r.lost} lost` +
        `\n    server memory: ${r.rssBeforeMb.toFixed(0)} MB before the streams, ${r.rssAfterMb.toFixed(0)} MB with them: ${(r.bytesPerStream / 1024).toFixed(1)} KB per open stream\n   `,
    );
    return { requestsPerSecond: r.eventsPerSecond, p99Ms: r.p99Ms, failures: r.lost };
  } finally {
    await stopChild(app);
    children.splice(children.indexOf(app), 1);
  }
}

/** / answers a small JSON; /same-bytes answers the file SAME_BYTES_FILE with the headers given. */
const BARE_SERVER_SOURCE = `
const http = require('node:http');
const fs = require('node:fs');
const small = JSON.stringify({ status: 'ok' });
const same = fs.readFileSync(process.env.SAME_BYTES_FILE);
const sameHeaders = { ...JSON.parse(process.env.SAME_BYTES_HEADERS), 'content-length': same.length };
http
  .createServer((req, res) => {
    if (req.url === '/same-bytes') {
      res.writeHead(200, sameHeaders);
      res.end(same);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(small) });
    res.end(small);
  })
  .listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => process.exit(0));
`;

/** The app's answer as it is on the wire (fetch() would unzip it), with the headers that shape it. */
function wireAnswer(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: BROWSER_HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
          const headers: Record<string, string> = {};
          for (const name of ['content-type', 'content-encoding', 'vary', 'cache-control', 'etag']) if (res.headers[name]) headers[name] = String(res.headers[name]);
          resolve({ body: Buffer.concat(chunks), headers });
        });
      })
      .on('error', reject);
  });
}

interface Child {
  name: ServerName;
  url: string;
  process: ChildProcess;
  output(): string;
  cleanup?: () => void | Promise<void>;
}

const children: Child[] = [];

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name}: expected a positive number (got "${raw}")`);
  return value;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startChild(name: ServerName, args: string[], env: Record<string, string>, readyPath: string, cleanup?: () => void): Promise<Child> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  let out = '';
  const proc = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const child: Child = { name, url, process: proc, output: () => out, cleanup };
  children.push(child);

  const deadline = Date.now() + 180_000; // a busy shared machine can take a while to start it
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${name} server exited (${proc.exitCode ?? proc.signalCode}):\n${out}`);
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} server did not answer ${readyPath} within 180 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: Child): Promise<void> {
  const proc = child.process;
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await child.cleanup?.();
}

async function stopAll(): Promise<void> {
  await Promise.allSettled(children.splice(0).map(stopChild));
}

interface Round {
  seconds: number;
  /** The first round of a target warms it up first. */
  warmUp: boolean;
}

async function measureHttp(baseUrl: string, target: Target, round: Round): Promise<Measurement> {
  const options: AutocannonOptions = {
    url: baseUrl + target.path,
    connections: CONNECTIONS,
    duration: round.seconds,
    method: target.method ?? 'GET',
    headers: { ...BROWSER_HEADERS, ...target.headers },
    body: target.body,
    timeout: 10,
  };
  const cookies = target.cookies;
  if (cookies) {
    let next = 0;
    options.requests = [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookies[next++ % cookies.length]! } }) }];
  }
  if (round.warmUp) await autocannon({ ...options, duration: WARMUP_SECONDS }); // JIT, caches, pools; not counted
  const probe = target.server === 'app-pg' ? pgCpuProbe : undefined;
  const before = await probe?.();
  const result = await autocannon(options);
  const after = await probe?.();
  const perRequest = (a: Map<number, number>, b: Map<number, number>) => Math.round((cpuUsed(a, b) * 1e6) / Math.max(1, result.requests.total));
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    ...(before && after ? { cpu: `server ${perRequest(before.server, after.server)} µs + PostgreSQL ${perRequest(before.db, after.db)} µs CPU per request` } : {}),
  };
}

async function main() {
  if (!fs.existsSync('dist/server/index.js')) throw new Error('dist/server/index.js is missing: run `npm run build` first (npm run bench does).');
  console.log(
    `Reelmates bench: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per target in ${ROUNDS} round(s), Node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-'));
  const app = await startChild('app', [...SERVER_ENTRY], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, '/api/health', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const details = await wireAnswer(app.url + DETAILS_PATH);
  const sameBytesFile = path.join(dataDir, 'same-bytes');
  fs.writeFileSync(sameBytesFile, details.body);
  console.log(`title details on the wire: ${details.body.length} bytes, ${JSON.stringify(details.headers)}\n`);
  const servers: Partial<Record<ServerName, Child>> = {
    bare: await startChild('bare', ['-e', BARE_SERVER_SOURCE], { SAME_BYTES_FILE: sameBytesFile, SAME_BYTES_HEADERS: JSON.stringify(details.headers) }, '/'),
    app,
  };

  // BENCH_ROUTES_ONLY=1: the route table, the mixed load and matches only (the targets above take about ten minutes).
  let chosen = process.env.BENCH_ROUTES_ONLY ? [] : chosenTargets(TARGETS, process.env.BENCH_ONLY);
  if (chosen.some((t) => t.server === 'app-pg')) {
    const pgApp = await startPgApp();
    if ('skip' in pgApp) {
      for (const t of chosen.filter((c) => c.server === 'app-pg')) console.log(`  skipping ${t.name}: ${pgApp.skip}`);
      chosen = chosen.filter((t) => t.server !== 'app-pg');
    } else servers['app-pg'] = pgApp;
  }
  const targets = targetsToMeasure(TARGETS, chosen, BASELINE);
  const rounds = new Map<Target, Measurement[]>(targets.map((t) => [t, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const target of targets) {
      if (target.once && r > 0) continue;
      process.stdout.write(`  round ${r + 1}/${ROUNDS}: ${target.name} ...`);
      const ticksBefore = machineTicks();
      const m = await (target.measure ?? measureHttp)(servers[target.server]!.url, target, { seconds: SECONDS / ROUNDS, warmUp: r === 0 });
      const steal = stealShare(ticksBefore, machineTicks());
      if (steal !== undefined) worstSteal = Math.max(worstSteal, steal);
      rounds.get(target)!.push(m);
      const stolen = steal === undefined ? '' : `, ${(steal * 100).toFixed(1)}% of CPU time stolen by the host`;
      process.stdout.write(` ${Math.round(m.requestsPerSecond)} req/s, p99 ${m.p99Ms} ms${m.cpu ? ` (${m.cpu}${stolen})` : stolen ? ` (${stolen.slice(2)})` : ''}\n`);
    }
  }
  const rows = combineRounds(targets, rounds);
  if (targets.length) {
    console.log('');
    for (const line of tableLines(rows, BASELINE)) console.log(line);
    console.log('');
    for (const line of verdictLines(rows, BASELINE)) console.log(line);
  }

  // Every GET route of the route tables on both databases, then the mixed load (decision 017).
  // The servers above are done: only the bare one stays, measured again beside the routes.
  for (const child of children.filter((c) => c.name !== 'bare')) {
    await stopChild(child);
    children.splice(children.indexOf(child), 1);
  }
  console.log('');
  await runRouteBench(
    {
      startApp: async (name, env, cleanup) => {
        const child = await startChild(name, [...cpuProfileArgs(), ...SERVER_ENTRY], env, '/api/health', cleanup);
        return {
          url: child.url,
          stop: async () => {
            await stopChild(child);
            children.splice(children.indexOf(child), 1);
          },
        };
      },
      createDatabase: createBenchDatabase,
      autocannon: (options) => autocannon(options as unknown as AutocannonOptions) as unknown as Promise<AutocannonRun>,
      log: (text) => process.stdout.write(text),
    },
    {
      seconds: DURATION,
      warmUpSeconds: Math.max(1, Math.round(DURATION / 3)),
      connections: CONNECTIONS,
      members: Math.round(positiveNumber('BENCH_MEMBERS', process.env.BENCH_MEMBERS, 60)),
      mixedConnections: 200,
      mixedSeconds: positiveNumber('BENCH_MIXED_SECONDS', process.env.BENCH_MIXED_SECONDS, 60),
      databases: (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((d) => {
        if (d !== 'postgres' && d !== 'pglite') throw new Error(`BENCH_DATABASES: postgres and/or pglite, comma-separated (got "${d}")`);
        return d;
      }),
      only: process.env.BENCH_ONLY,
      mixed:
        !process.env.BENCH_ONLY ||
        process.env.BENCH_ONLY.toLowerCase()
          .split(',')
          .some((only) => only && 'mixed signed-in load'.includes(only)),
      bareUrl: servers.bare!.url,
    },
  );
  await stopAll();

  // The match search against the naive join (decisions 014, 091): on PostgreSQL (a scratch database of
  // its own) and on PGlite in memory, at the issue's sizes, 100,000 and 20,000 users (about a minute
  // and 25 s of generation here).
  if (!process.env.BENCH_ONLY || 'matches'.includes(process.env.BENCH_ONLY.toLowerCase())) {
    const pgUsers = Math.round(positiveNumber('BENCH_MATCH_USERS', process.env.BENCH_MATCH_USERS, 100_000));
    const pgliteUsers = Math.round(positiveNumber('BENCH_MATCH_PGLITE_USERS', process.env.BENCH_MATCH_PGLITE_USERS, 20_000));
    for (const target of [
      { url: PG_ADMIN_URL, users: pgUsers },
      { url: undefined, users: pgliteUsers },
    ]) {
      console.log('');
      try {
        const figures = await measureMatches({ ...target, log: (line) => console.log(`  ${line}`) });
        for (const line of matchFigureLines(figures)) console.log(line);
      } catch (error) {
        console.log(`matches on ${target.url ? 'postgres' : 'pglite'} stopped: ${(error as Error).message}`);
      }
    }
  }
  // Import of a 5,000-row Letterboxd export, offline (issue 21 part 1, decision 053).
  if (!process.env.BENCH_ONLY || 'import'.includes(process.env.BENCH_ONLY.toLowerCase())) {
    console.log('');
    try {
      for (const line of importFigureLines(await measureImport(Math.round(positiveNumber('BENCH_IMPORT_ROWS', process.env.BENCH_IMPORT_ROWS, 5_000))))) console.log(line);
    } catch (error) {
      console.log(`import stopped: ${(error as Error).message}`);
    }
  }
  // Web performance (issue 19, item 6): Lighthouse on the landing page, Discover, details and a phone's profile.
  if (!process.env.BENCH_ONLY || 'lighthouse'.includes(process.env.BENCH_ONLY.toLowerCase())) {
    console.log("\nLighthouse (the machine's Chromium; desktop unless marked mobile)");
    try {
      for (const line of lighthouseLines(await measureLighthouse((line) => console.log(line)))) console.log(line);
    } catch (error) {
      console.log(`lighthouse stopped: ${(error as Error).message}`);
    }
  }
  // Crash durability (issue 19, item 3; decision 029): the durability suite with 20 kills per database.
  if (!process.env.BENCH_ONLY || 'crash'.includes(process.env.BENCH_ONLY.toLowerCase())) {
    const rounds = Math.round(positiveNumber('BENCH_CRASH_ROUNDS', process.env.BENCH_CRASH_ROUNDS, 20));
    console.log(`\ncrash durability: ${rounds} kill -9s per database (the durability suite)`);
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'durability'], { stdio: 'inherit', env: { ...process.env, CRASH_ROUNDS: String(rounds) } });
    if (run.status !== 0) console.log(`crash durability: FAILED (exit ${run.status})`);
  }
  if (worstSteal > 0) console.log(`\nThe host took up to ${(worstSteal * 100).toFixed(1)}% of this machine's CPU time in a round (steal in /proc/stat).`);
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  if (!interrupted) {
    console.error('\nbench crashed:', error instanceof Error ? error.message : error);
    for (const child of children) if (child.output().trim()) console.error(`--- ${child.name} server output ---\n${child.output()}`);
    await stopAll();
    process.exit(1);
  }
}
