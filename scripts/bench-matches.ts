/**
 * The match search against the naive join (decision 014), on a generated data set: USERS users ×
 * 50 favorites drawn from a Zipf-like (1/rank) popularity over 20,000 titles.
 *   MATCH_USERS=100000 DATABASE_URL=postgres://… node --import tsx scripts/bench-matches.ts
 *   MATCH_USERS=20000 node --import tsx scripts/bench-matches.ts            (PGlite, in memory)
 * Reports generation time, p50/p95 of one user's first page (21 matches) and of the naive join.
 * `npm run bench` runs it too (benchMatches, on a database of its own; BENCH_MATCH_USERS).
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { pathToFileURL } from 'node:url';
import { rankMatches } from '../src/server/modules/matches/ranking';

const TITLES = 20_000;
const PER_USER = 50;

export interface MatchBenchResult {
  fastP50Ms: number;
  fastP95Ms: number;
  naiveP50Ms: number;
  naiveP95Ms: number;
}

/**
 * Generates the data set on `databaseUrl` (a database made for it: it is not emptied first) or an
 * in-memory PGlite, prints the figures and answers them.
 */
export async function benchMatches(options: { databaseUrl?: string; users: number; samples?: number }): Promise<MatchBenchResult> {
  const USERS = options.users;
  const SAMPLES = options.samples ?? 60;
  const handle = await openDatabase(options.databaseUrl ? { kind: 'postgres', url: options.databaseUrl, poolSize: 4 } : { kind: 'pglite' });
  try {
    await runMigrations(handle);
    const { db } = handle;
    const started = performance.now();
    await db.execute(sql`SELECT setseed(0.1)`);
    await db.execute(
      sql`INSERT INTO "user" (id, name, email, email_verified, username) SELECT 'u' || n, 'U' || n, 'u' || n || '@b.example', true, 'u' || n FROM generate_series(1, ${USERS}) n`,
    );
    await db.execute(
      sql`INSERT INTO profiles (id, favorite_genres) SELECT 'u' || n, ARRAY(SELECT g FROM unnest(ARRAY['Action','Comedy','Drama','Horror','Romance','Thriller']) g WHERE random() < 0.3) FROM generate_series(1, ${USERS}) n`,
    );
    // Zipf (s = 1): rank = floor((T + 1) ^ random()) is log-uniform, P(rank) ~ 1 / rank. Duplicates are drawn again below.
    await db.execute(sql`INSERT INTO favorites (user_id, media_type, media_id, title, user_rating)
      SELECT 'u' || n, 'movie', floor(power(${TITLES + 1}, random()))::int, 'T', 1 + floor(random() * 5)::int
      FROM generate_series(1, ${USERS}) n, generate_series(1, ${PER_USER * 2}) k ON CONFLICT DO NOTHING`);
    await db.execute(
      sql`DELETE FROM favorites f USING (SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY id) AS r FROM favorites) x WHERE f.id = x.id AND x.r > ${PER_USER}`,
    );
    await db.execute(sql`ANALYZE`);
    const genSeconds = (performance.now() - started) / 1000;
    const [stats] = await queryRows<{ rows: number; top: number }>(db, sql`SELECT (SELECT count(*)::int FROM favorites) AS rows, (SELECT max(fans) FROM title_fans) AS top`);
    const viewers = Array.from({ length: SAMPLES }, (_, i) => `u${1 + Math.floor((i * 7919) % USERS)}`);
    const time = async (fn: () => Promise<unknown>) => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };
    const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;
    const paths = new Map<string, number>();
    const fast: number[] = [];
    // Favorites keep arriving meanwhile (one a tick), as the issue asks.
    let writing = true;
    const writer = (async () => {
      let i = 0;
      while (writing) {
        await db.execute(
          sql`INSERT INTO favorites (user_id, media_type, media_id, title, user_rating) VALUES (${`u${1 + (i % USERS)}`}, 'tv', ${1 + (i % 500)}, 'W', 3) ON CONFLICT DO NOTHING`,
        );
        i++;
        await new Promise((r) => setTimeout(r, 5));
      }
      return i;
    })();
    for (const v of viewers) {
      let path = '';
      fast.push(await time(async () => (path = (await rankMatches(db, v, { limit: 21 })).path)));
      paths.set(path, (paths.get(path) ?? 0) + 1);
    }
    writing = false;
    const written = await writer;
    const naive: number[] = [];
    for (const v of viewers.slice(0, Math.min(20, SAMPLES))) naive.push(await time(() => rankMatches(db, v, { limit: 21, lightBudget: Number.MAX_SAFE_INTEGER })));
    const f = (n: number) => `${n.toFixed(1)} ms`;
    console.log(
      `matches on ${handle.kind}: ${USERS.toLocaleString()} users × ${PER_USER} favorites (${stats!.rows.toLocaleString()} rows, most popular title ${stats!.top.toLocaleString()} fans), generated in ${genSeconds.toFixed(1)} s`,
    );
    console.log(
      `  bounded search, first page: p50 ${f(pct(fast, 0.5))}, p95 ${f(pct(fast, 0.95))} over ${fast.length} users (${[...paths].map(([k, n]) => `${k} ${n}`).join(', ')}), ${written} favorites added meanwhile`,
    );
    console.log(`  naive join, first page:     p50 ${f(pct(naive, 0.5))}, p95 ${f(pct(naive, 0.95))} over ${naive.length} users`);
    const result = { fastP50Ms: pct(fast, 0.5), fastP95Ms: pct(fast, 0.95), naiveP50Ms: pct(naive, 0.5), naiveP95Ms: pct(naive, 0.95) };
    console.log(
      `  naive join / bounded search: ${(result.naiveP50Ms / result.fastP50Ms).toFixed(1)}× at p50, ${(result.naiveP95Ms / result.fastP95Ms).toFixed(1)}× at p95 (above 1: the bounded search is faster)`,
    );
    return result;
  } finally {
    await handle.close();
  }
}

/** Run by hand: a database of its own on the server at DATABASE_URL (dropped afterwards), else PGlite in memory. */
async function main() {
  const users = Number(process.env.MATCH_USERS ?? 20_000);
  const samples = Number(process.env.MATCH_SAMPLES ?? 60);
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    await benchMatches({ users, samples });
    return;
  }
  const name = `bench_matches_${Date.now()}`;
  const run = async (sqlText: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sqlText);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    await benchMatches({ databaseUrl: url.toString(), users, samples });
  } finally {
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
