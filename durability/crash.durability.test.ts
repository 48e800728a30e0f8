import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { signUpOverApi, uniqueUser } from '../e2e/support/journeys';
import { createDatabase } from '../multi/support/cluster';
import { type AppServer, startAppServer, tempDataDir } from '../e2e/support/server';
import { countDisagreements, missingWrites, type Query } from './support/checks';
import { type LoadUser, type LoadWorld, runLoad } from './support/load';

// Crash durability (issue 19, item 3). The built server runs on PGlite and on PostgreSQL; signed-in
// users send it a mixed write load (messages, favorites, follows, forum replies, thread likes); it
// is killed with SIGKILL in the middle; it starts again on the same data. Every write it had
// acknowledged must be there, and every count it keeps beside its rows must match them. Rounds
// go on on the same data, so each restart recovers a database that has crashed before.
// ROUNDS (5 here) and the load per round are bounded for the suite; `npm run bench` runs 20.

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 5);
const USERS = 6;
const pgAdminUrl = process.env.TEST_DATABASE_URL;

interface Target {
  name: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  dataDir: string;
  /** Runs `fn` with a query runner on the database while no server holds it (PGlite) or beside it. */
  inspect<T>(fn: (query: Query) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

function pgliteTarget(): Target {
  const dataDir = tempDataDir();
  return {
    name: 'PGlite',
    env: {},
    dataDir,
    async inspect(fn) {
      const db = await PGlite.create(path.join(dataDir, 'db'));
      try {
        return await fn(async (sql, params) => (await db.query(sql, params)).rows as never[]);
      } finally {
        await db.close();
      }
    },
    async drop() {},
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const database = await createDatabase(adminUrl);
  return {
    name: 'PostgreSQL',
    env: { DATABASE_URL: database.url },
    dataDir: tempDataDir(),
    inspect: async (fn) => fn(async (sql, params) => (await database.pool.query(sql, params)).rows),
    drop: database.drop,
  };
}

const SERVER_ENV = { TRUST_PROXY: 'true', LOG_LEVEL: 'error' };

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Users signed in (founding members, so premium), one of them with a thread the others reply to and like; movies to favorite. */
async function buildWorld(base: string): Promise<LoadWorld> {
  const users: LoadUser[] = [];
  for (let i = 0; i < USERS; i++) {
    const u = uniqueUser('crash');
    const from = `10.9.${i}.${Math.floor(Math.random() * 250) + 1}`;
    await signUpOverApi(base, u, from);
    const res = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from, origin: base },
      body: JSON.stringify({ email: u.email, password: u.password }),
    });
    if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const session = await json<{ user: { id: string } }>(await fetch(`${base}/api/session`, { headers: { cookie } }));
    users.push({ id: session.user.id, cookie });
  }
  const owner = users[0]!;
  const as = (init: RequestInit = {}) => ({ ...init, headers: { cookie: owner.cookie, 'content-type': 'application/json' } });
  const forums = await json<{ title: { id: string } }>(await fetch(`${base}/api/titles/movie/550/forums`, as()));
  const thread = await json<{ id: string }>(
    await fetch(
      `${base}/api/forums/${forums.title.id}/threads`,
      as({ method: 'POST', body: JSON.stringify({ title: 'Crash test', content: 'Replies come and the server dies.' }) }),
    ),
  );
  const movieIds = new Set<number>();
  for (let page = 1; page <= 3; page++) {
    const found = await json<{ results: { id: number }[] }>(await fetch(`${base}/api/catalogue/discover?type=movie&page=${page}`));
    for (const t of found.results) movieIds.add(t.id);
  }
  return { base, users, threadId: thread.id, movieIds: [...movieIds], done: new Set() };
}

const targets: { name: Target['name']; make: () => Promise<Target> }[] = [
  { name: 'PGlite', make: async () => pgliteTarget() },
  ...(pgAdminUrl ? [{ name: 'PostgreSQL' as const, make: () => postgresTarget(pgAdminUrl) }] : []),
];
const figures: string[] = [];
afterAll(() => {
  for (const line of figures) console.log(line);
});

for (const { name, make } of targets) {
  describe.sequential(`crash durability, ${name}`, () => {
    it(`keeps every acknowledged write and every count through ${ROUNDS} kill -9s mid-load`, { timeout: 600_000 }, async () => {
      const target = await make();
      let server: AppServer | undefined = await startAppServer({ dataDir: target.dataDir, env: { ...SERVER_ENV, ...target.env } });
      try {
        const world = await buildWorld(server.url);
        world.base = server.url;
        const totals = { acknowledged: 0, lost: 0, refused: 0 };
        for (let round = 1; round <= ROUNDS; round++) {
          const running = server!;
          // Kill it somewhere in the load: once it has acknowledged 20 writes, 0-400 ms later.
          const { tally, done } = runLoad(world, { workersPerUser: 3, max: 2_000 });
          for (let waited = 0; tally.acknowledged < 20 && tally.sent < 2_000 && waited < 30_000; waited += 10) await new Promise((r) => setTimeout(r, 10));
          await new Promise((r) => setTimeout(r, Math.random() * 400));
          running.process.kill('SIGKILL');
          const acknowledged = await done;
          await running.stop();
          totals.acknowledged += tally.acknowledged;
          totals.lost += tally.lost;
          totals.refused += tally.refused;
          expect(tally.acknowledged, `round ${round}: writes acknowledged before the kill (${JSON.stringify(tally)})`).toBeGreaterThan(0);

          // Up again on the same data: it must recover by itself and answer.
          server = await startAppServer({ dataDir: target.dataDir, port: running.port, env: { ...SERVER_ENV, ...target.env } });
          world.base = server.url;
          const health = await fetch(`${server.url}/api/health`);
          expect(health.status, `round ${round}: healthy after restart`).toBe(200);
          // PGlite's files belong to one process: stop the server to look at them.
          if (target.name === 'PGlite') {
            await server.stop();
            server = undefined;
          }
          const { missing, disagreements } = await target.inspect(async (query) => ({
            missing: await missingWrites(query, acknowledged),
            disagreements: await countDisagreements(query),
          }));
          expect(missing, `round ${round}: acknowledged writes lost`).toEqual([]);
          expect(disagreements, `round ${round}: counts that disagree with their rows`).toEqual([]);
          if (!server) server = await startAppServer({ dataDir: target.dataDir, port: running.port, env: { ...SERVER_ENV, ...target.env } });
          world.base = server.url;
        }
        figures.push(
          `crash durability, ${target.name}: ${ROUNDS} kills, ${totals.acknowledged} acknowledged writes all kept, ${totals.lost} cut off by the kill, ${totals.refused} refused (limits); counts matched their rows after every restart`,
        );
      } finally {
        await server?.stop();
        await target.drop();
      }
    });
  });
}
