/**
 * The route bench (issue 27, item 3; decision 017): every GET route of the route tables, signed in
 * and anonymous, on PostgreSQL and on PGlite, against a data set seeded through the API; then the
 * mixed signed-in load at 200 connections on PostgreSQL. bench.ts runs it after its own targets and
 * hands it the pieces it already has (servers, databases, autocannon), so that this file does not
 * start a second copy of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { GENRE_FORUM_NAMES } from '../src/shared/forums';
import {
  anonymousAllowed,
  BENCH_HEADERS,
  type Cell,
  type CellMeasurement,
  type Db,
  getRoutes,
  type GetRoute,
  type MatrixRow,
  matrixLines,
  missLines,
  NOT_THROUGHPUT,
  routeUrl,
  type Samples,
} from './bench-routes';
import { measureMixed } from './bench-mixed';
import { mixedLines, type MixedResult } from './bench-mixed-report';
import { MANY_VIEWER_PATHS, type ManyViewerResult, manyViewerLines, roundRobin } from './bench-many-viewers';

export interface AutocannonRun {
  requests: { average: number; total: number };
  latency: { p99: number };
  /** Seconds the run took. */
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}
/** What bench.ts lends: its child-process servers, its PostgreSQL database maker, autocannon. */
export interface RouteBenchDeps {
  startApp(name: 'app' | 'app-pg', env: Record<string, string>, cleanup?: () => void | Promise<void>): Promise<{ url: string; stop(): Promise<void> }>;
  createDatabase(): Promise<{ url: string; drop: () => Promise<void> } | { skip: string }>;
  /** autocannon's run: a promise of its result that also emits `response` for every answer. */
  autocannon(options: Record<string, unknown>): Promise<AutocannonRun> & {
    on?(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): unknown;
  };
  log(text: string): void;
}

export interface RouteBenchOptions {
  /** Seconds measured per cell, after a shorter warm-up. */
  seconds: number;
  warmUpSeconds: number;
  connections: number;
  members: number;
  mixedConnections: number;
  mixedSeconds: number;
  databases: Db[];
  /** BENCH_ONLY: the routes whose "GET /api/…" contains the text (or one of its comma-separated texts); all without it. */
  only?: string;
  /** Measure the mixed load (BENCH_ONLY=mixed or no BENCH_ONLY). */
  mixed: boolean;
  /** The bare node:http server of the same run, measured beside the routes. */
  bareUrl: string;
}

const HEADERS = BENCH_HEADERS;
const PASSWORD = 'Bench-Pass-123!';
const VIEWER_EMAIL = 'bench-viewer@example.com';

export interface Member {
  id: string;
  username: string;
  cookie: string;
  ip: string;
}

async function request(baseUrl: string, method: string, urlPath: string, options: { cookie?: string; ip?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.body !== undefined && !(options.body instanceof FormData)) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : options.body instanceof FormData ? options.body : JSON.stringify(options.body);
  return fetch(baseUrl + urlPath, { method, headers, body, redirect: 'manual' });
}

async function json<T>(res: Response, what: string, ok: number[] = [200, 201]): Promise<T> {
  if (!ok.includes(res.status)) throw new Error(`route bench seed, ${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}

/** Signs a member up (its own client address: the sign-up limit is per address) and follows the verification link. */
async function signUp(baseUrl: string, n: number, email: string): Promise<Member> {
  const tag = `${Date.now().toString(36)}${n}`;
  const ip = `10.27.${(n >> 8) & 255}.${n & 255}`;
  const username = n === 0 ? `bench_viewer_${tag}` : `bench_${tag}`;
  await json(
    await request(baseUrl, 'POST', '/api/accounts/sign-up', {
      ip,
      body: { email, password: PASSWORD, username, fullName: `Bench Member ${n}`, acceptTerms: true, acceptPrivacy: true },
    }),
    `sign-up ${n}`,
  );
  for (let i = 0; i < 150; i++) {
    const box = await json<{ mails: { text: string; status: string }[] }>(await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`), 'mailbox');
    const link = box.mails.find((m) => m.status === 'sent')?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) {
      const target = new URL(link);
      const verified = await request(baseUrl, 'GET', target.pathname + target.search, { ip });
      const cookie = verified.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const session = await json<{ user: { id: string } | null }>(await request(baseUrl, 'GET', '/api/session', { cookie }), 'session');
      if (!session.user) throw new Error(`route bench seed: verifying ${email} gave no session (${verified.status})`);
      return { id: session.user.id, username, cookie, ip };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`route bench seed: no verification mail for ${email}`);
}

async function inBatches<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((item, j) => fn(item, i + j)));
}

/** A tiny PNG avatar, made with sharp (the app's own image library). */
function avatarPng(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 60 } } })
    .png()
    .toBuffer();
}

export interface Seeded {
  samples: Samples;
  viewer: Member;
  members: Member[];
  /** Titles the mixed load adds and removes (not among the seeded favorites). */
  spareMovieIds: number[];
}

/**
 * The data set, through the API as members make it: MEMBERS members (the viewer is the owner, so
 * premium, and may start forum threads), each with favorites and a watchlist, following the next
 * five and the viewer (the viewer's notifications), messages to and from the viewer, a thread with
 * replies, an uploaded avatar.
 */
async function seed(baseUrl: string, count: number, log: (text: string) => void): Promise<Seeded> {
  const popular = await json<{ results: { id: number }[] }>(await fetch(`${baseUrl}/api/catalogue/popular?type=movie`), 'popular movies');
  const popular2 = await json<{ results: { id: number }[] }>(await fetch(`${baseUrl}/api/catalogue/popular?type=movie&page=2`), 'popular movies page 2');
  const movieIds = [...popular.results, ...popular2.results].map((r) => r.id);
  const tv = await json<{ results: { id: number }[] }>(await fetch(`${baseUrl}/api/catalogue/popular?type=tv`), 'popular tv');
  if (movieIds.length < 20 || !tv.results.length) throw new Error('route bench seed: the catalogue has too few titles');

  const started = performance.now();
  const members: Member[] = [];
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    4,
    async (i) => {
      members[i] = await signUp(baseUrl, i, i === 0 ? VIEWER_EMAIL : `bench-member-${i}-${Date.now().toString(36)}@example.com`);
    },
  );
  const viewer = members[0]!;
  log(`${count} members signed up in ${((performance.now() - started) / 1000).toFixed(1)} s; `);

  await inBatches(members, 8, async (m, i) => {
    for (let k = 0; k < 10; k++)
      await json(
        await request(baseUrl, 'POST', '/api/me/favorites', { cookie: m.cookie, body: { mediaType: 'movie', mediaId: movieIds[(i + k) % 15]!, rating: 1 + ((i + k) % 5) } }),
        'favorite',
      );
    for (let k = 0; k < 3; k++)
      await json(await request(baseUrl, 'POST', '/api/me/watchlist', { cookie: m.cookie, body: { mediaType: 'tv', mediaId: tv.results[k % tv.results.length]!.id } }), 'watchlist');
    const follows = new Set([0, ...Array.from({ length: 5 }, (_, k) => (i + 1 + k) % count)]);
    follows.delete(i);
    for (const f of follows) await json(await request(baseUrl, 'POST', `/api/follows/${members[f]!.id}`, { cookie: m.cookie }), 'follow');
  });
  // Conversations: ten members write to the viewer, the viewer answers five.
  for (let i = 1; i <= Math.min(10, count - 1); i++) {
    await json(await request(baseUrl, 'POST', `/api/messages/with/${viewer.id}`, { cookie: members[i]!.cookie, body: { content: `Hello from member ${i}` } }), 'message');
    if (i <= 5) await json(await request(baseUrl, 'POST', `/api/messages/with/${members[i]!.id}`, { cookie: viewer.cookie, body: { content: `Hi ${i}!` } }), 'answer');
  }
  const member = members[1]!;
  const forums = await json<{ title: { id: string } }>(await request(baseUrl, 'GET', `/api/titles/movie/${movieIds[0]}/forums`, { cookie: viewer.cookie }), 'title forums');
  const forumId = forums.title.id;
  const thread = await json<{ id: string }>(
    await request(baseUrl, 'POST', `/api/forums/${forumId}/threads`, { cookie: viewer.cookie, body: { title: 'Bench thread', content: 'What did everyone think?' } }),
    'thread',
  );
  for (let i = 1; i <= Math.min(10, count - 1); i++)
    await json(await request(baseUrl, 'POST', `/api/forum-threads/${thread.id}/replies`, { cookie: members[i]!.cookie, body: { content: `Reply ${i}: loved it.` } }), 'reply');
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(await avatarPng())], { type: 'image/png' }), 'avatar.png');
  const uploaded = await json<{ url: string }>(await request(baseUrl, 'POST', '/api/me/avatar', { cookie: viewer.cookie, body: form }), 'avatar');
  await json(await request(baseUrl, 'PATCH', '/api/me/profile', { cookie: viewer.cookie, body: { avatarUrl: uploaded.url } }), 'profile avatar');
  const upload = /\/uploads\/([^/]+)\/([^/?]+)/.exec(uploaded.url);
  if (!upload) throw new Error(`route bench seed: the avatar is not served by this server (${uploaded.url})`);

  const notifications = await json<{ items: { id: string }[] }>(await request(baseUrl, 'GET', '/api/notifications?limit=20', { cookie: viewer.cookie }), 'notifications');
  const mails = await json<{ mails: { id: string }[] }>(await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(VIEWER_EMAIL)}`), 'viewer mails');
  const details = await json<{ posterUrl: string | null }>(await fetch(`${baseUrl}/api/catalogue/titles/movie/${movieIds[0]}`), 'details');
  const art = /\/api\/catalogue\/art\/(\w+)\/(\d+)\/([\w.]+)/.exec(details.posterUrl ?? '');
  if (!notifications.items[0] || !mails.mails[0]) throw new Error('route bench seed: the viewer has no notification or no mail');
  log(`data set ready in ${((performance.now() - started) / 1000).toFixed(1)} s; `);
  return {
    viewer,
    members,
    spareMovieIds: movieIds.slice(15),
    samples: {
      viewerEmail: VIEWER_EMAIL,
      memberId: member.id,
      memberUsername: member.username,
      movieId: movieIds[0]!,
      tvId: tv.results[0]!.id,
      genreName: GENRE_FORUM_NAMES[0]!,
      forumId,
      threadId: thread.id,
      notificationId: notifications.items[0].id,
      mailId: mails.mails[0].id,
      upload: { userId: upload[1]!, file: upload[2]! },
      art: art ? { type: art[1]!, id: Number(art[2]), file: art[3]! } : { type: 'movie', id: movieIds[0]!, file: 'poster.svg' },
    },
  };
}

/** One cell: a probe (its status decides whether measuring means anything), then warm-up and measurement. */
async function measureCell(deps: RouteBenchDeps, options: RouteBenchOptions, baseUrl: string, url: string, cookie: string | readonly string[] | undefined): Promise<Cell> {
  const cookies = typeof cookie === 'string' || !cookie ? undefined : cookie;
  const headers: Record<string, string> = { ...HEADERS, ...(cookie ? { cookie: cookies ? cookies[0]! : (cookie as string) } : {}) };
  const probe = await fetch(baseUrl + url, { headers, redirect: 'manual' });
  await probe.arrayBuffer();
  if (probe.status >= 300) return { kind: 'status', status: probe.status };
  const run = (duration: number) =>
    deps.autocannon({ url: baseUrl + url, connections: options.connections, duration, headers, timeout: 10, ...(cookies ? { requests: roundRobin(cookies) } : {}) });
  await run(options.warmUpSeconds);
  // The warm-up's last requests may still be queued in a slow server: one answer means they are
  // through, so the measured seconds do not start with someone else's backlog.
  await (await fetch(baseUrl + url, { headers, redirect: 'manual' })).arrayBuffer();
  const r = await run(options.seconds);
  // Counted over the whole run: autocannon's per-second average misses a last partial second, and a
  // short cell on a busy machine is mostly that.
  return { kind: 'measured', m: { requestsPerSecond: r.requests.total / Math.max(r.duration, 0.001), p99Ms: r.latency.p99, failures: r.errors + r.timeouts + r.non2xx } };
}

const manyViewers: ManyViewerResult[] = [];

/** The route cells of one database, and on PostgreSQL the mixed load. */
async function benchDatabase(
  deps: RouteBenchDeps,
  options: RouteBenchOptions,
  db: Db,
  rows: MatrixRow[],
  pgDb: { url: string; drop: () => Promise<void> } | undefined,
): Promise<MixedResult | undefined> {
  let mixed: MixedResult | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reelmates-bench-routes-${db}-`));
  // TRUST_PROXY: one machine signs up many members, each from its own X-Forwarded-For.
  // OWNER_EMAIL: the viewer is premium (starts a forum thread, pages of matches).
  const app = await deps.startApp(
    db === 'postgres' ? 'app-pg' : 'app',
    { DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true', OWNER_EMAIL: VIEWER_EMAIL, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) },
    async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop().catch((error: Error) => console.error(`could not drop the route bench database: ${error.message}`));
    },
  );
  try {
    deps.log(`  route bench on ${db}: seeding ... `);
    const data = await seed(app.url, options.members, deps.log);
    deps.log('\n');
    for (const row of rows) {
      const { contract } = row.route;
      if (NOT_THROUGHPUT[contract.path]) {
        row.label = `/api${contract.path} (${NOT_THROUGHPUT[contract.path]})`;
        row.cells[`${db}:signedIn`] = row.cells[`${db}:anonymous`] = { kind: 'skipped', reason: 'not benched' };
        continue;
      }
      const target = routeUrl(contract, data.samples);
      if ('missing' in target) {
        row.label = `/api${contract.path} (${target.missing})`;
        row.cells[`${db}:signedIn`] = row.cells[`${db}:anonymous`] = { kind: 'skipped', reason: 'no sample' };
        continue;
      }
      row.label = target.url;
      for (const who of ['signedIn', 'anonymous'] as const) {
        deps.log(`  ${db} ${who === 'signedIn' ? 'signed in' : 'anonymous'}: GET ${target.url} ...`);
        let cell: Cell;
        if (who === 'anonymous' && !anonymousAllowed(contract)) {
          // Listed, not skipped: a signed-in route must answer an anonymous caller 401.
          const res = await fetch(app.url + target.url, { headers: HEADERS, redirect: 'manual' });
          await res.arrayBuffer();
          cell = { kind: 'status', status: res.status };
        } else cell = await measureCell(deps, options, app.url, target.url, who === 'signedIn' ? data.viewer.cookie : undefined);
        row.cells[`${db}:${who}`] = cell;
        if (who === 'signedIn' && cell.kind === 'measured' && MANY_VIEWER_PATHS.includes(contract.path)) {
          const many = await measureCell(
            deps,
            options,
            app.url,
            target.url,
            data.members.map((m) => m.cookie),
          );
          manyViewers.push({ db, url: target.url, viewers: data.members.length, m: many.kind === 'measured' ? many.m : many.kind });
        }
        deps.log(
          cell.kind === 'measured'
            ? ` ${Math.round(cell.m.requestsPerSecond)} req/s, p99 ${cell.m.p99Ms} ms${cell.m.failures ? `, ${cell.m.failures} failed` : ''}\n`
            : ` ${cell.kind === 'status' ? cell.status : cell.reason}\n`,
        );
      }
    }
    if (db === 'postgres' && options.mixed) {
      deps.log(`  mixed signed-in load on postgres, ${options.mixedConnections} connections, ${options.mixedSeconds} s ...`);
      mixed = await measureMixed(deps, options, app.url, data);
      deps.log(` ${Math.round(mixed.requestsPerSecond)} req/s, p99 ${mixed.p99Ms} ms, ${mixed.errors} errors\n`);
    }
  } finally {
    await app.stop();
  }
  return mixed;
}

/** Runs the route matrix on each database, then prints the one table and the misses. */
export async function runRouteBench(deps: RouteBenchDeps, options: RouteBenchOptions): Promise<void> {
  const all = await getRoutes(path.resolve(import.meta.dirname, '../src/shared/api'));
  const onlies = options.only?.toLowerCase().split(',').filter(Boolean);
  const chosen = all.filter(
    (r) => !onlies?.length || onlies.some((only) => `get /api${r.contract.path}`.includes(only) || 'route table'.includes(only) || 'routes'.includes(only)),
  );
  const rows: MatrixRow[] = chosen.map((route) => ({ route, label: `/api${route.contract.path}`, cells: {} }));
  let mixed: MixedResult | undefined;
  let bare: CellMeasurement | undefined;

  if (rows.length) {
    deps.log(`  route bench: bare node:http GET / ...`);
    const b = await measureCell(deps, options, options.bareUrl, '/', undefined);
    if (b.kind === 'measured') bare = b.m;
    deps.log(bare ? ` ${Math.round(bare.requestsPerSecond)} req/s, p99 ${bare.p99Ms} ms\n` : ' failed\n');
  }

  for (const db of options.databases) {
    if (!rows.length && !(db === 'postgres' && options.mixed)) continue;
    let pgDb: { url: string; drop: () => Promise<void> } | undefined;
    if (db === 'postgres') {
      const made = await deps.createDatabase();
      if ('skip' in made) {
        deps.log(`  route bench on PostgreSQL skipped: ${made.skip}\n`);
        for (const row of rows) for (const who of ['signedIn', 'anonymous'] as const) row.cells[`postgres:${who}`] = { kind: 'skipped', reason: 'no PostgreSQL' };
        continue;
      }
      pgDb = made;
    }
    try {
      mixed = (await benchDatabase(deps, options, db, rows, pgDb)) ?? mixed;
    } catch (error) {
      // One database failing (a server that would not start on a saturated machine) keeps the other's figures.
      const reason = (error as Error).message.split('\n')[0]!;
      deps.log(`\n  route bench on ${db} stopped: ${reason}\n`);
      for (const row of rows) for (const who of ['signedIn', 'anonymous'] as const) row.cells[`${db}:${who}`] ??= { kind: 'skipped', reason: 'run stopped' };
    }
  }

  if (rows.length) {
    console.log(
      `\nEvery GET route, ${options.connections} connections, ${options.warmUpSeconds} s warm-up + ${options.seconds} s per cell; req/s and p99 (✓/✗: issue 27's targets for signed-in reads: PostgreSQL >= 5,000/s and p99 <= 20 ms, /api/session within 20% of anonymous; PGlite >= 2,000/s and p99 <= 50 ms)\n`,
    );
    for (const line of matrixLines(rows, bare)) console.log(line);
    const misses = missLines(rows);
    console.log(`\n${misses.length} cell(s) miss their target${misses.length ? ':' : '.'}`);
    for (const line of misses) console.log(line);
    for (const line of manyViewerLines(manyViewers, options.connections)) console.log(line);
  }
  if (mixed) console.log(`\n${mixedLines(mixed).join('\n')}`);
}

export type { GetRoute };
