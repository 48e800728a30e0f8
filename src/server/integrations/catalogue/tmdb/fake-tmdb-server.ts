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
  '/3/movie/now_playing': 'movie-now-playing-page1.json',
  '/3/movie/upcoming': 'movie-upcoming-page1.json',
  '/3/movie/top_rated': 'movie-top-rated-page1.json',
  '/3/tv/top_rated': 'tv-top-rated-page1.json',
  '/3/tv/on_the_air': 'tv-on-the-air-page1.json',
  '/3/trending/movie/week?page=1': 'trending-movie-week-page1.json',
  '/3/trending/movie/week?page=2': 'trending-movie-week-page2.json',
  '/3/trending/movie/week?page=3': 'trending-movie-week-page3.json',
};

/** The movies of the trending pages, as TMDB's list items (discover/movie answers from these). */
const trendingMovies = () => [1, 2, 3].flatMap((n) => (JSON.parse(fixture(`trending-movie-week-page${n}.json`)) as { results: { id: number }[] }).results);
const usCertifications = () => (JSON.parse(fixture('us-certifications.json')) as { movie: Record<string, string> }).movie;

/**
 * Answers TMDB would compute: a movie's release dates (its US rating, from us-certifications.json) and
 * discover/movie filtered by certification, most popular first, 20 a page. Null: not one of these.
 */
function computed(url: URL): unknown {
  const releaseDates = /^\/3\/movie\/(\d+)\/release_dates$/.exec(url.pathname);
  if (releaseDates) {
    const certification = usCertifications()[releaseDates[1]!];
    if (certification === undefined) return null;
    return {
      id: Number(releaseDates[1]),
      results: [{ iso_3166_1: 'US', release_dates: [{ certification, descriptors: [], iso_639_1: '', note: '', release_date: '2024-01-01T00:00:00.000Z', type: 3 }] }],
    };
  }
  if (url.pathname === '/3/discover/movie' && url.searchParams.get('certification_country') === 'US') {
    const certs = usCertifications();
    const matching = trendingMovies().filter((m) => certs[m.id] === url.searchParams.get('certification'));
    const page = Number(url.searchParams.get('page') ?? 1);
    return { page, results: matching.slice((page - 1) * 20, page * 20), total_pages: Math.ceil(matching.length / 20), total_results: matching.length };
  }
  return null;
}

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
    const answer = computed(url);
    const file = FIXTURES[`${url.pathname}?page=${url.searchParams.get('page') ?? 1}`] ?? FIXTURES[url.pathname];
    const body = answer !== null ? JSON.stringify(answer) : file ? fixture(file) : null;
    res.writeHead(body !== null ? 200 : 404, { 'content-type': 'application/json;charset=utf-8' });
    res.end(body ?? fixture('error-404.json'));
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
