import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.themoviedb.org in tests: serves the fixtures by path, records every request,
 * and can be told to answer the next requests to a path with an error, a Retry-After, or silence.
 */

const FIXTURES: Record<string, string> = {
  '/3/movie/550': 'movie-550-details.json',
  '/3/tv/1396': 'tv-1396-details.json',
  '/3/tv/1396/season/1': 'tv-1396-season-1.json',
  '/3/search/movie': 'search-movie-page1.json',
  '/3/trending/all/week': 'trending-all-week.json',
  '/3/search/person': 'search-person-willis.json',
  '/3/person/62/combined_credits': 'person-62-combined-credits.json',
  '/3/genre/movie/list': 'genre-movie-list.json',
  '/3/watch/providers/movie': 'watch-providers-movie.json',
};

export type ScriptedAnswer = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang';

export interface RecordedRequest {
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
}

export interface FakeTmdb {
  /** Like https://api.themoviedb.org/3 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next requests to path get these answers, in order, before the fixture is served again. */
  script(path: string, ...answers: ScriptedAnswer[]): void;
  requestsTo(path: string): RecordedRequest[];
  close(): Promise<void>;
}

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

export async function startFakeTmdb(): Promise<FakeTmdb> {
  const requests: RecordedRequest[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: url.pathname, query: url.searchParams, authorization: req.headers.authorization });
    const scripted = scripts.get(url.pathname)?.shift();
    if (scripted === 'hang') return; // never answers; the client's timeout must end it
    if (scripted) {
      res.writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers });
      return res.end(JSON.stringify(scripted.body ?? { status_code: 0, status_message: 'scripted' }));
    }
    const file = FIXTURES[url.pathname];
    res.writeHead(file ? 200 : 404, { 'content-type': 'application/json;charset=utf-8' });
    res.end(file ? fixture(file) : fixture('error-404.json'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/3`,
    requests,
    script: (path, ...answers) => scripts.set(path, [...(scripts.get(path) ?? []), ...answers]),
    requestsTo: (path) => requests.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
