import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, TitleSummary } from '../../../shared/catalogue';
import { profiles } from '../../db/schema';
import { createRouter } from '../../http/openapi';
import { createCatalogue } from '../../integrations/catalogue';
import { type FakeTmdb, startFakeTmdb } from '../../integrations/catalogue/tmdb/fake-tmdb-server';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { titleRoutes } from './routes';

/**
 * Issue 18 over HTTP: the rating filter on the server (TMDB through a local fake replaying recorded
 * lists), the front-page lists of both catalogues, and Advanced Discovery as a premium route.
 */

let t: TestApp;
let tmdb: FakeTmdb;
beforeAll(async () => {
  [t, tmdb] = await Promise.all([createTestApp(), startFakeTmdb()]);
});
afterAll(async () => {
  await tmdb.close();
  await t.close();
});
beforeEach(() => {
  tmdb.requests.length = 0;
});

/** A fresh titles router each time, so nothing kept by an earlier test answers. */
function appWith(source: 'tmdb' | 'offline') {
  const catalogue = source === 'tmdb' ? createCatalogue({ tmdb: { apiKey: 'k', baseUrl: tmdb.baseUrl } }, pino({ level: 'silent' })) : t.deps.catalogue;
  const app = createRouter();
  app.route('/api', titleRoutes({ ...t.deps, catalogue }));
  return app;
}

async function page(app: ReturnType<typeof appWith>, path: string): Promise<Page<TitleSummary>> {
  const res = await app.request(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page<TitleSummary>;
}

describe('the rating filter with TMDB (list items carry no rating)', () => {
  it('Trending + PG-13: a full page of PG-13 movies in trending order, and Load More goes on', async () => {
    const app = appWith('tmdb');
    const first = await page(app, '/api/catalogue/trending?type=movie&certification=PG-13&page=1');
    expect(first.results).toHaveLength(20);
    expect(first.results.every((r) => r.certification === 'PG-13')).toBe(true);
    // In trending order: the first PG-13 movies of trending pages 1 to 3, none skipped.
    expect(first.results.slice(0, 3).map((r) => r.title)).toEqual(['The Punisher: One Last Kill', 'Project Hail Mary', 'Swapped']);
    expect(first.totalPages).toBeGreaterThan(1);
    const second = await page(app, '/api/catalogue/trending?type=movie&certification=PG-13&page=2');
    // The 21st and last PG-13 movie of the three trending pages; now the end is known.
    expect(second.results.map((r) => r.title)).toEqual(['Bhooth Bangla']);
    expect(second.totalPages).toBe(2);
    expect(second.results.every((r) => r.certification === 'PG-13')).toBe(true);
    expect(second.results.map((r) => r.id).some((id) => first.results.some((f) => f.id === id))).toBe(false);
    // Each trending page was read once, each rating once (cached for the second page).
    for (const n of ['1', '2', '3']) expect(tmdb.requestsTo('/3/trending/movie/week').filter((r) => r.query.get('page') === n)).toHaveLength(1);
    expect(tmdb.requestsTo('/3/movie/687163/release_dates')).toHaveLength(1);
  });

  it('Popular + R: asks TMDB discover with the rating and US, most popular first; a full page of R cards', async () => {
    const result = await page(appWith('tmdb'), '/api/catalogue/popular?type=movie&certification=R');
    expect(result.results).toHaveLength(20);
    expect(result.results.every((r) => r.certification === 'R')).toBe(true);
    const [request] = tmdb.requestsTo('/3/discover/movie');
    expect(Object.fromEntries(request!.query)).toMatchObject({ certification: 'R', certification_country: 'US', sort_by: 'popularity.desc' });
    expect(tmdb.requestsTo('/3/movie/popular')).toHaveLength(0);
  });

  it('cards of an unfiltered list carry their US rating too', async () => {
    const result = await page(appWith('tmdb'), '/api/catalogue/trending?type=movie');
    expect(result.results).toHaveLength(20);
    expect(result.results.find((r) => r.title === 'The Devil Wears Prada')?.certification).toBe('PG-13');
    expect(result.results.find((r) => r.title === "Lee Cronin's The Mummy")?.certification).toBe('R');
  });

  it('rejects a rating of the other kind of title', async () => {
    expect((await appWith('offline').request('/api/catalogue/popular?type=tv&certification=PG-13')).status).toBe(400);
  });

  it('offline, a filtered page is full too, and every card has the rating', async () => {
    const app = appWith('offline');
    for (const path of [
      '/api/catalogue/trending?type=all&certification=PG-13',
      '/api/catalogue/popular?type=movie&certification=R',
      '/api/catalogue/search?type=movie&q=the&certification=PG-13',
    ]) {
      const result = await page(app, path);
      expect(result.results, path).toHaveLength(20);
      expect(result.results.every((r) => r.certification === new URL(path, 'http://x').searchParams.get('certification'))).toBe(true);
    }
  });
});

describe('front-page lists (spec 001 §7)', () => {
  it('TMDB: now playing, upcoming, top rated movies and TV, on the air', async () => {
    const app = appWith('tmdb');
    expect((await page(app, '/api/catalogue/lists/now_playing')).results[0]!.title).toBe("Lee Cronin's The Mummy");
    expect((await page(app, '/api/catalogue/lists/upcoming')).results[0]!.title).toBe('Obsession');
    expect((await page(app, '/api/catalogue/lists/top_rated?type=movie')).results.map((r) => r.title)).toContain('The Shawshank Redemption');
    const topTv = await page(app, '/api/catalogue/lists/top_rated?type=tv');
    expect(topTv.results.every((r) => r.mediaType === 'tv')).toBe(true);
    expect((await page(app, '/api/catalogue/lists/on_the_air')).results[0]!.mediaType).toBe('tv');
    expect(tmdb.requestsTo('/3/movie/now_playing')[0]!.query.get('region')).toBe('US');
    expect(tmdb.requestsTo('/3/tv/top_rated')).toHaveLength(1);
  });

  it('offline: each list has real titles of its kind, in its order', async () => {
    const app = appWith('offline');
    const nowPlaying = await page(app, '/api/catalogue/lists/now_playing');
    const upcoming = await page(app, '/api/catalogue/lists/upcoming');
    const topRated = await page(app, '/api/catalogue/lists/top_rated?type=movie');
    const onTheAir = await page(app, '/api/catalogue/lists/on_the_air');
    for (const list of [nowPlaying, upcoming, topRated, onTheAir]) expect(list.results.length).toBeGreaterThan(3);
    const dates = (p: Page<TitleSummary>) => p.results.map((r) => r.releaseDate!);
    expect(dates(nowPlaying)).toEqual([...dates(nowPlaying)].sort().reverse());
    expect(dates(upcoming)).toEqual([...dates(upcoming)].sort());
    expect(dates(nowPlaying).at(0)! < dates(upcoming).at(0)!).toBe(true);
    expect(topRated.results[0]!.title).toBe('The Shawshank Redemption');
    expect(onTheAir.results.every((r) => r.mediaType === 'tv')).toBe(true);
    expect((await app.request('/api/catalogue/lists/latest')).status).toBe(400);
  });

  it('getByGenre in both catalogues: one genre, most popular first', async () => {
    const offline = await t.deps.catalogue.getByGenre('movie', 16, 1);
    expect(offline.results.length).toBe(20);
    expect(offline.results.every((r) => r.genreIds.includes(16))).toBe(true);
    await createCatalogue({ tmdb: { apiKey: 'k', baseUrl: tmdb.baseUrl } }, pino({ level: 'silent' })).getByGenre('tv', 18, 2);
    expect(Object.fromEntries(tmdb.requestsTo('/3/discover/tv')[0]!.query)).toMatchObject({ with_genres: '18', page: '2', sort_by: 'popularity.desc' });
  });
});

describe('Advanced Discovery is premium on the server', () => {
  const path = '/api/catalogue/advanced-discover?type=movie&yearMin=1990&yearMax=1999&rating=8';

  it('a free user gets 403, a visitor 401, a premium member the results', async () => {
    const free = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, free.id));
    const premium = await signUpVerified(t); // early accounts are founding members (ruling 6)
    const refused = await t.as(free)(path);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('forbidden');
    expect((await t.as(null)(path)).status).toBe(401);
    const allowed = await t.as(premium)(path);
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('cache-control')).toBe('private, max-age=300');
    const body = (await allowed.json()) as Page<TitleSummary>;
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.every((r) => r.year! >= 1990 && r.year! <= 1999 && r.voteAverage >= 8)).toBe(true);
    // The answer is kept per filter, and the guard still decides every request.
    expect((await t.as(free)(path)).status).toBe(403);
    expect((await t.as(null)(path)).status).toBe(401);
    const again = await t.as(premium)(path, { headers: { 'if-none-match': allowed.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('checks its parameters with the field named', async () => {
    const premium = await signUpVerified(t);
    for (const query of ['yearMin=1800', 'rating=11', 'yearMin=2000&yearMax=1990', 'type=tv&certification=PG-13', 'providers=x']) {
      const res = await t.as(premium)(`/api/catalogue/advanced-discover?${query}`);
      expect(res.status, query).toBe(400);
      expect((await res.json()).error.code, query).toBe('validation_failed');
    }
  });

  it('the free discover route does not take the premium filters', async () => {
    const res = await t.request('/api/catalogue/discover?type=movie&yearMin=1990&rating=8');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Page<TitleSummary>;
    expect(body.results.some((r) => r.year! < 1990 || r.voteAverage < 8)).toBe(true);
  });
});
