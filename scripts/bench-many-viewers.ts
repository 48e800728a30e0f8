/**
 * The route bench's signed-in cells have one viewer with 50 connections, so the reads that are
 * batched across requests (decision 022) answer many requests with one key, read once. These routes
 * are measured again with every seeded member in turn (round robin over their cookies; the owner is
 * premium, the others free), so that reading a key once is not mistaken for each member's speed (ADR 070).
 */
import type { CellMeasurement, Db } from './bench-routes';

/** The contract paths measured again with many viewers. */
export const MANY_VIEWER_PATHS: readonly string[] = ['/me/matches', '/me/dashboard', '/profiles/search'];

/** autocannon's `requests`: each request carries the next cookie in turn. */
export function roundRobin(cookies: readonly string[]) {
  let next = 0;
  return [{ setupRequest: (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...req.headers, cookie: cookies[next++ % cookies.length]! } }) }];
}

export interface ManyViewerResult {
  db: Db;
  url: string;
  viewers: number;
  m: CellMeasurement | string;
}

export function manyViewerLines(results: readonly ManyViewerResult[], connections: number): string[] {
  if (!results.length) return [];
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  return [
    `\nThe same routes with many different viewers (each request the next member's cookie; ${connections} connections; not in the table above):`,
    ...results.map(
      (r) =>
        `  ${r.db === 'postgres' ? 'PG    ' : 'PGlite'} ${r.url} (${r.viewers} viewers): ${
          typeof r.m === 'string' ? r.m : `${n(r.m.requestsPerSecond)}/s p99 ${n(r.m.p99Ms)} ms${r.m.failures ? `, ${r.m.failures} failed` : ''}`
        }`,
    ),
  ];
}
