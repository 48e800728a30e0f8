import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page, PersonSearchResult, SeasonDetails, TitleDetails, TitleSummary } from '../../../shared/catalogue';
import { createRouter } from '../../http/openapi';
import { OfflineCatalogue } from '../../integrations/catalogue/offline/offline-catalogue';
import { TmdbCatalogue } from '../../integrations/catalogue/tmdb/tmdb-catalogue';
import { createTestApp, type TestApp } from '../../test/harness';
import { titleRoutes } from './routes';

/** The titles routes over the offline catalogue, mounted the way the app mounts them (under /api). */

let t: TestApp;
let app: ReturnType<typeof createRouter>;
const catalogue = new OfflineCatalogue();

beforeAll(async () => {
  t = await createTestApp();
  app = createRouter();
  app.route('/api', titleRoutes({ ...t.deps, catalogue }));
  app.doc31('/api/openapi.json', { openapi: '3.1.0', info: { title: 'test', version: '0' } });
});
afterAll(() => t.close());

const get = (path: string) => Promise.resolve(app.request(path));
async function json<T>(path: string, status = 200): Promise<T> {
  const res = await get(path);
  expect(res.status, path).toBe(status);
  return (await res.json()) as T;
}

describe('discover', () => {
  it('pages and filters, with public caching', async () => {
    const res = await get('/api/catalogue/discover?type=movie&genres=28&genres=12&page=2');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const page = (await res.json()) as Page<TitleSummary>;
    expect(page).toMatchObject({ page: 2, totalPages: 2, totalResults: 32 });
    expect(page.results).toHaveLength(12);
    expect(page.results.every((r) => r.genreIds.includes(28) && r.genreIds.includes(12))).toBe(true);
    expect(await json('/api/catalogue/discover?type=movie&genres=12,28&page=2')).toEqual(page);
  });

  it('filters by certification (years and TMDB rating are Advanced Discovery: discovery-fixes.api.test.ts)', async () => {
    const page = await json<Page<TitleSummary>>('/api/catalogue/discover?type=movie&certification=R');
    expect(page.results).toHaveLength(20);
    expect(page.results.every((r) => r.certification === 'R')).toBe(true);
  });

  it('refuses bad parameters with the field named', async () => {
    for (const query of ['page=0', 'page=501', 'page=abc', 'genres=action', 'genres=-3', 'type=book', 'type=tv&certification=PG-13']) {
      const body = await json<{ error: { code: string; details: Record<string, string[]> } }>(`/api/catalogue/discover?${query}`, 400);
      expect(body.error.code, query).toBe('validation_failed');
    }
  });
});

describe('lists and search', () => {
  it('reports the source', async () => {
    expect(await json('/api/catalogue/source')).toEqual({ source: 'offline' });
  });

  it('serves trending, popular, genres and providers', async () => {
    const trending = await json<Page<TitleSummary>>('/api/catalogue/trending');
    expect(new Set(trending.results.map((r) => r.mediaType))).toEqual(new Set(['movie', 'tv']));
    expect((await json<Page<TitleSummary>>('/api/catalogue/popular?type=tv')).results.every((r) => r.mediaType === 'tv')).toBe(true);
    expect((await json<{ genres: unknown[] }>('/api/catalogue/genres')).genres).toHaveLength(27);
    expect((await json<{ genres: unknown[] }>('/api/catalogue/genres?type=tv')).genres).toHaveLength(16);
    expect(await json('/api/catalogue/providers?type=movie')).toEqual({ providers: [] });
  });

  it('searches movies, TV and people', async () => {
    expect((await json<Page<TitleSummary>>('/api/catalogue/search?q=inception')).results[0]).toMatchObject({ id: 27205, title: 'Inception' });
    expect((await json<Page<TitleSummary>>('/api/catalogue/search?q=breaking&type=tv')).results[0]).toMatchObject({ title: 'Breaking Bad' });
    const people = await json<PersonSearchResult>('/api/catalogue/search?q=bryan%20cranston&type=person');
    expect(people.people[0]).toMatchObject({ name: 'Bryan Cranston' });
    expect(people.results.map((r) => r.title)).toContain('Breaking Bad');
    await json('/api/catalogue/search?q=%20%20', 400);
  });

  it('suggests a title for a misspelt query of 3+ characters', async () => {
    expect(await json('/api/catalogue/suggest?q=interstelar')).toEqual({ suggestion: 'Interstellar' });
    expect(await json('/api/catalogue/suggest?q=in')).toEqual({ suggestion: null });
    expect(await json('/api/catalogue/suggest?q=Interstellar')).toEqual({ suggestion: null });
  });
});

describe('title details', () => {
  it('describes Fight Club', async () => {
    const movie = await json<TitleDetails>('/api/catalogue/titles/movie/550');
    expect(movie).toMatchObject({ id: 550, title: 'Fight Club', runtime: 139, certification: 'R', mediaType: 'movie' });
    expect(movie.cast.length).toBeGreaterThan(0);
    expect(movie.parentalGuide).toContainEqual(expect.objectContaining({ category: 'Language', severity: 'severe' }));
  });

  it('describes a series with its seasons, and a season with its episodes', async () => {
    const show = await json<TitleDetails>('/api/catalogue/titles/tv/1396');
    expect(show).toMatchObject({ title: 'Breaking Bad', numberOfSeasons: 5 });
    expect(show.seasons.map((s) => s.episodeCount)).toEqual([7, 13, 13, 13, 16]);
    const season = await json<SeasonDetails>('/api/catalogue/tv/1396/seasons/2');
    expect(season.episodes).toHaveLength(13);
    expect(season.episodes[0]).toMatchObject({ episodeNumber: 1, name: 'Episode 1', airDate: '2009-03-08' });
    expect(await json('/api/catalogue/tv/1396/seasons/9', 404)).toEqual({ error: { code: 'not_found', message: 'Season not found' } });
  });

  it('answers 404 in the error shape for an unknown id, 400 for an unknown type', async () => {
    expect(await json('/api/catalogue/titles/movie/999999999', 404)).toEqual({ error: { code: 'not_found', message: 'Details not found' } });
    const bad = await json<{ error: { code: string; details: Record<string, string[]> } }>('/api/catalogue/titles/book/550', 400);
    expect(bad.error.code).toBe('validation_failed');
    expect(bad.error.details.type).toBeDefined();
    await json('/api/catalogue/titles/movie/abc', 400);
  });

  it('serves repeated details from the cached answer', async () => {
    const spy = vi.spyOn(catalogue, 'getDetails');
    const first = await (await get('/api/catalogue/titles/movie/155')).text();
    const second = await (await get('/api/catalogue/titles/movie/155')).text();
    expect(second).toBe(first);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });

  it('pages recommendations up to 5 pages', async () => {
    const first = await json<Page<TitleSummary>>('/api/catalogue/titles/movie/550/recommendations');
    expect(first.results).toHaveLength(20);
    expect(first.totalPages).toBeLessThanOrEqual(5);
    expect((await json<Page<TitleSummary>>('/api/catalogue/titles/movie/550/recommendations?page=6')).results).toEqual([]);
  });
});

describe('art', () => {
  it('serves the drawn poster as SVG with its own policy', async () => {
    const res = await get('/api/catalogue/art/movie/550/poster.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(await res.text()).toContain('Fight Club');
  });

  it('serves art for every URL the catalogue hands out', async () => {
    const movie = await json<TitleDetails>('/api/catalogue/titles/movie/550');
    for (const url of [movie.posterUrl, movie.backdropUrl, movie.cast[0]!.profileUrl]) expect((await get(url!)).status, url!).toBe(200);
  });

  it('answers 404 for unknown subjects and 400 for unknown files', async () => {
    expect((await get('/api/catalogue/art/movie/999999999/poster.svg')).status).toBe(404);
    expect((await get('/api/catalogue/art/movie/550/poster.png')).status).toBe(400);
  });
});

describe('when TMDB is unreachable', () => {
  it('answers 503 in the error shape', async () => {
    // Nothing listens on the discard port: the connection is refused at once.
    const down = new TmdbCatalogue({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/3', maxAttempts: 1, timeoutMs: 1000 });
    const downApp = createRouter();
    downApp.route('/api', titleRoutes({ ...t.deps, catalogue: down }));
    const res = await downApp.request('/api/catalogue/titles/movie/550');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({ error: { code: 'catalogue_unavailable', message: 'The movie database is not answering right now. Please try again in a moment.' } });
  });

  it('answers a person search with empty results, not kept', async () => {
    const down = new TmdbCatalogue({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9/3', maxAttempts: 1, timeoutMs: 1000 });
    const downApp = createRouter();
    downApp.route('/api', titleRoutes({ ...t.deps, catalogue: down }));
    const res = await downApp.request('/api/catalogue/search?q=nolan&type=person&page=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ page: 2, totalPages: 0, totalResults: 0, results: [], people: [] });
    // Movie search has no such rule: it still says the database is down.
    expect((await downApp.request('/api/catalogue/search?q=nolan&type=movie')).status).toBe(503);
  });
});

describe('response contract', () => {
  it('checks prepared answers against their schema, plain and gzipped', async () => {
    // Details missing most fields, long enough to be gzipped for a client that takes it.
    const broken = Object.create(catalogue) as OfflineCatalogue;
    broken.getDetails = async () => ({ id: 550, overview: 'x'.repeat(2000) }) as never;
    const brokenApp = createRouter();
    brokenApp.use(async (c, next) => {
      c.set('logger', t.deps.logger);
      await next();
    });
    brokenApp.route('/api', titleRoutes({ ...t.deps, catalogue: broken }));
    for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[]) {
      const res = await brokenApp.request('/api/catalogue/titles/movie/550', { headers });
      expect(res.status).toBe(500);
      expect((await res.json()).error.code).toBe('response_contract');
    }
  });
});

describe('OpenAPI', () => {
  it('documents the catalogue routes and their parameters', async () => {
    const doc = await json<{ paths: Record<string, { get: { parameters?: { name: string }[] } }> }>('/api/openapi.json');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/catalogue/discover', '/api/catalogue/titles/{type}/{id}', '/api/catalogue/art/{type}/{id}/{file}']));
    expect(doc.paths['/api/catalogue/discover']!.get.parameters!.map((p) => p.name)).toEqual(['type', 'genres', 'certification', 'page']);
    expect(doc.paths['/api/catalogue/advanced-discover']!.get.parameters!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['type', 'genres', 'yearMin', 'providers', 'rating', 'page']),
    );
  });
});
