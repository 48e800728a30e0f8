import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../integrations/catalogue';
import { type FakeTmdb, startFakeTmdb } from '../../integrations/catalogue/tmdb/fake-tmdb-server';
import { createRouter } from '../../http/openapi';
import { createTestApp, type TestApp } from '../../test/harness';
import { titleRoutes } from './routes';

/** A TMDB that does not answer: the details request must fail fast enough for the page to say so within 10 s. */

let t: TestApp;
let tmdb: FakeTmdb;
beforeAll(async () => {
  [t, tmdb] = await Promise.all([createTestApp(), startFakeTmdb()]);
});
afterAll(async () => {
  await tmdb.close();
  await t.close();
});

function app() {
  // The client's own defaults (timeouts, retries, budget): exactly what the server runs with.
  const catalogue = createCatalogue({ tmdb: { apiKey: 'k', baseUrl: tmdb.baseUrl } }, pino({ level: 'silent' }));
  const router = createRouter();
  router.route('/api', titleRoutes({ ...t.deps, catalogue }));
  return router;
}

describe('a stalled TMDB', () => {
  it('answers 503 upstream_timeout well within 10 s, asking TMDB once, and a second try asks again', async () => {
    const router = app();
    tmdb.script('/3/movie/550', 'hang');
    const started = Date.now();
    const res = await router.request('/api/catalogue/titles/movie/550');
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect((await res.json()).error).toMatchObject({ code: 'upstream_timeout', message: 'The movie database did not answer in time. Please try again.' });
    expect(res.headers.get('retry-after')).toBeNull();
    expect(elapsed).toBeGreaterThanOrEqual(3000); // it did wait for TMDB a while
    expect(elapsed).toBeLessThan(7000);
    expect(tmdb.requestsTo('/3/movie/550')).toHaveLength(1);

    // The failure is not kept: Try again reaches TMDB, which now answers.
    const again = await router.request('/api/catalogue/titles/movie/550');
    expect(again.status).toBe(200);
    expect((await again.json()).title).toBe('Fight Club');
    expect(tmdb.requestsTo('/3/movie/550')).toHaveLength(2);
  });

  it('keeps Retry-After waits and back-offs inside the same budget', async () => {
    const router = app();
    tmdb.script('/3/tv/1396', { status: 429, headers: { 'retry-after': '8' } });
    const started = Date.now();
    const res = await router.request('/api/catalogue/titles/tv/1396');
    expect(res.status).toBe(503);
    expect((await res.json()).error.code).toBe('catalogue_unavailable');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
