/**
 * The route bench's pure parts (issue 27, item 3; decision 017): which GET routes there are (read
 * from the route tables, so a new route is benched without touching the bench), the URL each is
 * called with (real ids from the data set the bench seeds), the targets and the one table printed.
 * The servers, the seeding and autocannon are in bench-routes-run.ts.
 */
import type { RouteContract } from '../src/shared/api/contract';
import { urlOf } from '../src/shared/api/contract';
import { type DeclaredRoute, declaredRoutes } from '../src/server/test/route-tables';

/** A GET route of a table (the file, the name in it, the contract). */
export type GetRoute = DeclaredRoute;

/** What every bench request sends, as a browser would. */
export const BENCH_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

/** Every GET route of the tables in `dir` (src/shared/api), in file order then table order. */
export async function getRoutes(dir: string): Promise<GetRoute[]> {
  const found: GetRoute[] = [];
  const seen = new Set<string>();
  for (const route of await declaredRoutes(dir)) {
    // A path declared twice (route-tables.test.ts refuses it) would be benched once.
    if (route.contract.method !== 'get' || seen.has(route.contract.path)) continue;
    seen.add(route.contract.path);
    found.push(route);
  }
  return found;
}

/** The real ids of the seeded data set (bench-routes-run.ts makes them through the API). */
export interface Samples {
  viewerEmail: string;
  /** Another member: followed by the viewer, with favorites, a watchlist and a conversation with the viewer. */
  memberId: string;
  memberUsername: string;
  movieId: number;
  tvId: number;
  genreName: string;
  forumId: string;
  threadId: string;
  notificationId: string;
  mailId: string;
  upload: { userId: string; file: string };
  art: { type: string; id: number; file: string };
}

type Input = { params?: Record<string, string | number>; query?: Record<string, string | number> };

/**
 * What each route is called with. Routes without params or required query need no entry; a new
 * route with params needs one here (the unit test lists the missing ones, and the bench prints the
 * row as "no sample" rather than leaving it out).
 */
export const ROUTE_SAMPLES: Record<string, (s: Samples) => Input> = {
  '/accounts/username-available': () => ({ query: { username: 'nobody_has_this_one' } }),
  '/accounts/reset-token': () => ({ query: { token: 'not-a-real-token' } }),
  '/profiles/search': () => ({ query: { q: 'bench' } }),
  '/dev/mailbox': (s) => ({ query: { to: s.viewerEmail } }),
  '/dev/mailbox/{id}/html': (s) => ({ params: { id: s.mailId } }),
  '/titles/{type}/{id}/forums': (s) => ({ params: { type: 'movie', id: s.movieId } }),
  '/forums/genre/{name}': (s) => ({ params: { name: s.genreName } }),
  '/forums/{forumId}/threads': (s) => ({ params: { forumId: s.forumId } }),
  '/forum-threads/{id}': (s) => ({ params: { id: s.threadId } }),
  '/forum-threads/{id}/replies': (s) => ({ params: { id: s.threadId } }),
  '/profiles/{id}/forums': (s) => ({ params: { id: s.memberId } }),
  '/titles/{type}/{id}/favorite-count': (s) => ({ params: { type: 'movie', id: s.movieId } }),
  '/profiles/{id}/favorites': (s) => ({ params: { id: s.memberId } }),
  '/profiles/{id}/watchlist': (s) => ({ params: { id: s.memberId } }),
  '/profiles/{id}/shared-favorites': (s) => ({ params: { id: s.memberId } }),
  '/messages/with/{userId}': (s) => ({ params: { userId: s.memberId } }),
  '/notifications': () => ({ query: { limit: 20 } }),
  '/notifications/{id}': (s) => ({ params: { id: s.notificationId } }),
  '/profiles/by-username/{username}': (s) => ({ params: { username: s.memberUsername } }),
  '/profiles/{id}': (s) => ({ params: { id: s.memberId } }),
  '/uploads/{userId}/{file}': (s) => ({ params: s.upload }),
  '/follows/{userId}': (s) => ({ params: { userId: s.memberId } }),
  '/catalogue/search': () => ({ query: { q: 'the' } }),
  '/catalogue/suggest': () => ({ query: { q: 'the' } }),
  '/catalogue/discover': () => ({ query: { type: 'movie' } }),
  '/catalogue/trending': () => ({ query: { type: 'movie' } }),
  '/catalogue/popular': () => ({ query: { type: 'movie' } }),
  '/catalogue/title-providers': (s) => ({ query: { titles: `movie:${s.movieId},tv:${s.tvId}` } }),
  '/catalogue/titles/{type}/{id}': (s) => ({ params: { type: 'movie', id: s.movieId } }),
  '/catalogue/titles/{type}/{id}/recommendations': (s) => ({ params: { type: 'movie', id: s.movieId } }),
  '/catalogue/tv/{id}/seasons/{season}': (s) => ({ params: { id: s.tvId, season: 1 } }),
  '/catalogue/art/{type}/{id}/{file}': (s) => ({ params: s.art }),
  '/catalogue/lists/{list}': () => ({ params: { list: 'top_rated' } }),
};

/** Routes that are not request/answer reads: named in the table with the reason, never measured. */
export const NOT_THROUGHPUT: Record<string, string> = {
  '/events': 'event stream (see the SSE targets)',
  '/billing/test-checkout/{id}': 'the offline checkout page reads its own session once per payment',
  '/unsubscribe/{token}': 'read once per unsubscribe link a person opens; its token is signed with the server’s secret',
  '/me/data-export/download/{token}': 'a ZIP fetched once per mailed link, by its owner (decision 056)',
  '/me/imports/{id}': 'one import of one’s own, read while it runs (the card follows import-progress events; /me/imports/current is measured)',
  '/me/imports/{id}/preview': 'one preview of one’s own, asked once a second while a large file is matched against TMDB',
};

/** A route needs a sample when it has path params or a query its schema refuses empty. */
export function needsSample(contract: RouteContract): boolean {
  return /\{\w+\}/.test(contract.path) || (contract.query !== undefined && !contract.query.safeParse({}).success);
}

/** The URL a route is benched at, or why it cannot be. */
export function routeUrl(contract: RouteContract, samples: Samples): { url: string } | { missing: string } {
  const sample = ROUTE_SAMPLES[contract.path];
  if (!sample) {
    if (needsSample(contract)) return { missing: `no sample ids: add ${contract.path} to ROUTE_SAMPLES in scripts/bench-routes.ts` };
    return { url: urlOf(contract) };
  }
  return { url: urlOf(contract, sample(samples)) };
}

/** Anonymous callers get an answer from visitor routes; user and admin routes answer them 401. */
export function anonymousAllowed(contract: RouteContract): boolean {
  return contract.access === 'visitor' || contract.access === 'visitorOrUser';
}

export type Db = 'postgres' | 'pglite';
export type Who = 'signedIn' | 'anonymous';
export const COLUMNS: { db: Db; who: Who; title: string }[] = [
  { db: 'postgres', who: 'signedIn', title: 'PG signed in' },
  { db: 'postgres', who: 'anonymous', title: 'PG anonymous' },
  { db: 'pglite', who: 'signedIn', title: 'PGlite signed in' },
  { db: 'pglite', who: 'anonymous', title: 'PGlite anonymous' },
];

export interface CellMeasurement {
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and answers other than the probe's 2xx/3xx. */
  failures: number;
}

/**
 * One cell: measured; or only probed, with the status it answered (401 for an anonymous caller of
 * a signed-in route, or an error that made measuring it pointless); or not run, with the reason.
 */
export type Cell = { kind: 'measured'; m: CellMeasurement } | { kind: 'status'; status: number } | { kind: 'skipped'; reason: string };

export interface MatrixRow {
  route: GetRoute;
  /** The URL benched (with the sample ids), or the reason there is none. */
  label: string;
  cells: Partial<Record<`${Db}:${Who}`, Cell>>;
}

/** Issue 27's targets, per signed-in cell (anonymous cells have none; /api/session also within 20% of anonymous). */
export const TARGETS: Record<Db, { minRps: number; maxP99Ms: number }> = {
  postgres: { minRps: 5_000, maxP99Ms: 20 },
  pglite: { minRps: 2_000, maxP99Ms: 50 },
};
export const SESSION_PATH = '/session';
export const SESSION_MAX_GAP = 0.2;

export type Mark = 'pass' | 'fail' | undefined;

/** Whether a cell meets its target; undefined for cells without one. */
export function cellMark(row: MatrixRow, db: Db, who: Who): Mark {
  const cell = row.cells[`${db}:${who}`];
  if (!cell) return undefined;
  if (who === 'anonymous') {
    // No throughput target; an anonymous caller of a signed-in route must get 401, nothing else.
    if (cell.kind === 'status' && !anonymousAllowed(row.route.contract)) return cell.status === 401 ? undefined : 'fail';
    return cell.kind === 'status' ? 'fail' : undefined;
  }
  if (cell.kind !== 'measured') return cell.kind === 'status' ? 'fail' : undefined;
  const target = TARGETS[db];
  let ok = cell.m.requestsPerSecond >= target.minRps && cell.m.p99Ms <= target.maxP99Ms && cell.m.failures === 0;
  if (row.route.contract.path === SESSION_PATH && db === 'postgres') {
    const anon = row.cells[`${db}:anonymous`];
    if (anon?.kind === 'measured') ok &&= cell.m.requestsPerSecond >= anon.m.requestsPerSecond * (1 - SESSION_MAX_GAP);
  }
  return ok ? 'pass' : 'fail';
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

export function cellText(row: MatrixRow, db: Db, who: Who): string {
  const cell = row.cells[`${db}:${who}`];
  const mark = cellMark(row, db, who);
  const sign = mark === 'pass' ? ' ✓' : mark === 'fail' ? ' ✗' : '';
  if (!cell) return '';
  if (cell.kind === 'skipped') return cell.reason;
  if (cell.kind === 'status') return `${cell.status}${sign}`;
  const failed = cell.m.failures ? ` ${n(cell.m.failures)} failed` : '';
  return `${n(cell.m.requestsPerSecond)}/s p99 ${ms(cell.m.p99Ms)}${failed}${sign}`;
}

/** The one table: a row per route, a column per database and caller; the bare server's row first. */
export function matrixLines(rows: MatrixRow[], bare?: CellMeasurement): string[] {
  const header = ['GET route (as benched)', ...COLUMNS.map((c) => c.title)];
  const lines: string[][] = [];
  if (bare) {
    const text = `${n(bare.requestsPerSecond)}/s p99 ${ms(bare.p99Ms)}`;
    lines.push(['bare node:http GET / (same machine, same run)', text, text, text, text]);
  }
  for (const row of rows) lines.push([row.label, ...COLUMNS.map((c) => cellText(row, c.db, c.who))]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join(' | ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...lines.map(format)];
}

/** The cells that miss their target, one line each, for the summary under the table. */
export function missLines(rows: MatrixRow[]): string[] {
  const out: string[] = [];
  for (const row of rows)
    for (const c of COLUMNS) {
      if (cellMark(row, c.db, c.who) !== 'fail') continue;
      const goal =
        c.who === 'anonymous'
          ? 'expected 401'
          : `goal >= ${n(TARGETS[c.db].minRps)}/s, p99 <= ${TARGETS[c.db].maxP99Ms} ms${row.route.contract.path === SESSION_PATH && c.db === 'postgres' ? `, within ${SESSION_MAX_GAP * 100}% of anonymous` : ''}`;
      out.push(`FAIL  ${c.title}: ${row.label}: ${cellText(row, c.db, c.who).replace(/ ✗$/, '')} (${goal})`);
    }
  return out;
}
