import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteContract } from '../src/shared/api/contract';
import { signedIn } from '../src/shared/api/authz';
import {
  anonymousAllowed,
  cellMark,
  type CellMeasurement,
  getRoutes,
  type GetRoute,
  matrixLines,
  type MatrixRow,
  missLines,
  needsSample,
  NOT_THROUGHPUT,
  ROUTE_SAMPLES,
  routeUrl,
  type Samples,
} from './bench-routes';

const API_DIR = path.resolve(import.meta.dirname, '../src/shared/api');

const samples: Samples = {
  viewerEmail: 'v@example.com',
  memberId: 'member-1',
  memberUsername: 'bench_one',
  movieId: 550,
  tvId: 1396,
  genreName: 'Drama',
  forumId: 'forum-1',
  threadId: 'thread-1',
  notificationId: 'notice-1',
  mailId: 'mail-1',
  upload: { userId: 'u1', file: 'a.png' },
  art: { type: 'movie', id: 550, file: 'poster.svg' },
};

const contract = (over: Partial<RouteContract>): RouteContract => ({
  method: 'get',
  path: '/x',
  access: 'user',
  authz: signedIn,
  summary: 'x',
  status: 200,
  response: z.object({}),
  ...over,
});
const route = (over: Partial<RouteContract>): GetRoute => ({ file: 'x.ts', name: 'x', contract: contract(over) });
const m = (requestsPerSecond: number, p99Ms: number, failures = 0): CellMeasurement => ({ requestsPerSecond, p99Ms, failures });

describe('route enumeration', () => {
  it('finds every GET route of the tables, and no other method', async () => {
    const routes = await getRoutes(API_DIR);
    // Counted independently, in the tables' text.
    const declared = fs
      .readdirSync(API_DIR)
      .filter((f) => f.endsWith('.ts') && f !== 'contract.ts')
      .reduce((sum, f) => sum + (fs.readFileSync(path.join(API_DIR, f), 'utf8').match(/method: 'get'/g)?.length ?? 0), 0);
    expect(routes.length).toBe(declared);
    expect(routes.every((r) => r.contract.method === 'get')).toBe(true);
    const paths = routes.map((r) => r.contract.path);
    for (const p of ['/session', '/me/lists', '/notifications', '/notifications/unread-count', '/messages/conversations', '/profiles/{id}']) expect(paths).toContain(p);
    expect(paths).not.toContain('/me/favorites');
  });

  it('has sample ids for every route that needs them (a new route with params must get one)', async () => {
    const missing = (await getRoutes(API_DIR)).filter((r) => !NOT_THROUGHPUT[r.contract.path] && 'missing' in routeUrl(r.contract, samples)).map((r) => r.contract.path);
    expect(missing).toEqual([]);
    // And no sample is left for a route that is gone.
    const paths = new Set((await getRoutes(API_DIR)).map((r): string => r.contract.path));
    expect(Object.keys(ROUTE_SAMPLES).filter((p) => !paths.has(p))).toEqual([]);
  });

  it('fills params and query from the samples, and says which route has none', () => {
    expect(routeUrl(contract({ path: '/profiles/{id}' }), samples)).toEqual({ url: '/api/profiles/member-1' });
    expect(routeUrl(contract({ path: '/notifications' }), samples)).toEqual({ url: '/api/notifications?limit=20' });
    expect(routeUrl(contract({ path: '/catalogue/tv/{id}/seasons/{season}' }), samples)).toEqual({ url: '/api/catalogue/tv/1396/seasons/1' });
    expect(routeUrl(contract({ path: '/brand-new/{id}' }), samples)).toEqual({ missing: 'no sample ids: add /brand-new/{id} to ROUTE_SAMPLES in scripts/bench-routes.ts' });
    expect(routeUrl(contract({ path: '/brand-new' }), samples)).toEqual({ url: '/api/brand-new' });
    // A required query needs a sample too; an optional one does not.
    expect(needsSample(contract({ path: '/q', query: z.object({ q: z.string() }) }))).toBe(true);
    expect(needsSample(contract({ path: '/q', query: z.object({ q: z.string().optional() }) }))).toBe(false);
  });

  it('lets anonymous callers into visitor routes only', () => {
    expect(anonymousAllowed(contract({ access: 'visitor' }))).toBe(true);
    expect(anonymousAllowed(contract({ access: 'visitorOrUser' }))).toBe(true);
    expect(anonymousAllowed(contract({ access: 'user' }))).toBe(false);
    expect(anonymousAllowed(contract({ access: 'admin' }))).toBe(false);
  });
});

describe('pass/fail marks', () => {
  it('holds signed-in cells to the database’s target: PostgreSQL 5,000/s and 20 ms, PGlite 2,000/s and 50 ms', () => {
    const row: MatrixRow = {
      route: route({ path: '/me/lists' }),
      label: '/api/me/lists',
      cells: {
        'postgres:signedIn': { kind: 'measured', m: m(5_000, 20) },
        'pglite:signedIn': { kind: 'measured', m: m(1_999, 10) },
        'postgres:anonymous': { kind: 'status', status: 401 },
        'pglite:anonymous': { kind: 'status', status: 401 },
      },
    };
    expect(cellMark(row, 'postgres', 'signedIn')).toBe('pass');
    expect(cellMark(row, 'pglite', 'signedIn')).toBe('fail');
    expect(cellMark(row, 'postgres', 'anonymous')).toBeUndefined();
    row.cells['postgres:signedIn'] = { kind: 'measured', m: m(9_000, 21) };
    expect(cellMark(row, 'postgres', 'signedIn')).toBe('fail');
    row.cells['postgres:signedIn'] = { kind: 'measured', m: m(9_000, 5, 1) };
    expect(cellMark(row, 'postgres', 'signedIn')).toBe('fail');
    row.cells['pglite:signedIn'] = { kind: 'measured', m: m(2_000, 50) };
    expect(cellMark(row, 'pglite', 'signedIn')).toBe('pass');
  });

  it('fails a signed-in route that lets an anonymous caller in, or a signed-in cell that answered an error', () => {
    const row: MatrixRow = {
      route: route({ path: '/me/lists' }),
      label: '/api/me/lists',
      cells: { 'postgres:anonymous': { kind: 'status', status: 200 }, 'postgres:signedIn': { kind: 'status', status: 500 } },
    };
    expect(cellMark(row, 'postgres', 'anonymous')).toBe('fail');
    expect(cellMark(row, 'postgres', 'signedIn')).toBe('fail');
    // A visitor route answers anonymous callers without a target.
    const open: MatrixRow = { route: route({ access: 'visitor' }), label: '/api/x', cells: { 'pglite:anonymous': { kind: 'measured', m: m(10, 900) } } };
    expect(cellMark(open, 'pglite', 'anonymous')).toBeUndefined();
  });

  it('wants /api/session signed in within 20% of anonymous on PostgreSQL', () => {
    const session = (signedIn: number, anonymous: number): MatrixRow => ({
      route: route({ path: '/session', access: 'visitorOrUser' }),
      label: '/api/session',
      cells: { 'postgres:signedIn': { kind: 'measured', m: m(signedIn, 5) }, 'postgres:anonymous': { kind: 'measured', m: m(anonymous, 5) } },
    });
    expect(cellMark(session(8_000, 10_000), 'postgres', 'signedIn')).toBe('pass');
    expect(cellMark(session(7_900, 10_000), 'postgres', 'signedIn')).toBe('fail');
  });
});

describe('the table', () => {
  const rows: MatrixRow[] = [
    {
      route: route({ path: '/session', access: 'visitorOrUser' }),
      label: '/api/session',
      cells: {
        'postgres:signedIn': { kind: 'measured', m: m(887, 94) },
        'postgres:anonymous': { kind: 'measured', m: m(8_006, 9) },
        'pglite:signedIn': { kind: 'measured', m: m(2_500, 1_460) },
        'pglite:anonymous': { kind: 'measured', m: m(3_000, 30) },
      },
    },
    {
      route: route({ path: '/me/lists' }),
      label: '/api/me/lists',
      cells: {
        'postgres:signedIn': { kind: 'measured', m: m(12_000, 8) },
        'postgres:anonymous': { kind: 'status', status: 401 },
        'pglite:signedIn': { kind: 'skipped', reason: 'no sample' },
        'pglite:anonymous': { kind: 'status', status: 401 },
      },
    },
  ];

  it('prints one row per route with a column per database and caller, aligned, the bare server first', () => {
    const lines = matrixLines(rows, m(15_000, 4));
    expect(lines[0]).toMatch(/^GET route \(as benched\)\s+\|\s+PG signed in \|\s+PG anonymous \|\s+PGlite signed in \|\s+PGlite anonymous$/);
    expect(lines[2]).toMatch(/^bare node:http GET \/ .*15,000\/s p99 4 ms/);
    expect(lines[3]).toContain('887/s p99 94 ms ✗');
    expect(lines[3]).toContain('8,006/s p99 9 ms |');
    expect(lines[3]).toContain('2,500/s p99 1.5 s ✗');
    expect(lines[4]).toContain('12,000/s p99 8 ms ✓');
    expect(lines[4]).toMatch(/\| +401 \|/);
    expect(lines[4]).toContain('no sample');
    // Aligned: every column separator at the same place on every line but the header rule.
    const bars = (line: string) => [...line.matchAll(/ \| /g)].map((x) => x.index);
    for (const line of [lines[0]!, ...lines.slice(2)]) expect(bars(line)).toEqual(bars(lines[0]!));
  });

  it('lists the cells that miss, with their goal', () => {
    expect(missLines(rows)).toEqual([
      'FAIL  PG signed in: /api/session: 887/s p99 94 ms (goal >= 5,000/s, p99 <= 20 ms, within 20% of anonymous)',
      'FAIL  PGlite signed in: /api/session: 2,500/s p99 1.5 s (goal >= 2,000/s, p99 <= 50 ms)',
    ]);
  });
});
