import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../integrations/catalogue';
import { type FakeTmdb, startFakeTmdb } from '../../integrations/catalogue/tmdb/fake-tmdb-server';
import { createRouter } from '../../http/openapi';
import { createTestApp, type TestApp } from '../../test/harness';
import { titleRoutes } from './routes';

let t: TestApp;
let tmdb: FakeTmdb;
beforeAll(async () => {
  [t, tmdb] = await Promise.all([createTestApp(), startFakeTmdb()]);
});
afterAll(async () => {
  await tmdb.close();
  await t.close();
});

function appWith(source: 'tmdb' | 'offline') {
  const catalogue = source === 'tmdb' ? createCatalogue({ tmdb: { apiKey: 'k', baseUrl: tmdb.baseUrl } }, pino({ level: 'silent' })) : t.deps.catalogue;
  const app = createRouter();
  app.route('/api', titleRoutes({ ...t.deps, catalogue }));
  return app;
}

describe('GET /api/catalogue/title-providers', () => {
  it('gives up to 5 US providers per title, subscription first, from TMDB', async () => {
    const res = await appWith('tmdb').request('/api/catalogue/title-providers?titles=movie:550,tv:1396');
    expect(res.status).toBe(200);
    const { providers } = await res.json();
    expect(providers['movie:550'].length).toBeGreaterThan(0);
    expect(providers['movie:550'].length).toBeLessThanOrEqual(5);
    expect(providers['movie:550'].map((p: { providerName: string }) => p.providerName)).toContain('Apple TV');
    expect(providers['tv:1396'].map((p: { providerName: string }) => p.providerName)).toContain('Amazon Video');
    expect(new Set(providers['movie:550'].map((p: { providerId: number }) => p.providerId)).size).toBe(providers['movie:550'].length);
  });

  it('invents none offline', async () => {
    const { providers } = await (await appWith('offline').request('/api/catalogue/title-providers?titles=movie:550,tv:1396')).json();
    expect(providers).toEqual({ 'movie:550': [], 'tv:1396': [] });
  });

  it('validates the list', async () => {
    const app = appWith('offline');
    expect((await app.request('/api/catalogue/title-providers?titles=book:1')).status).toBe(400);
    expect((await app.request('/api/catalogue/title-providers?titles=')).status).toBe(400);
    const many = Array.from({ length: 41 }, (_, i) => `movie:${i + 1}`).join(',');
    expect((await app.request(`/api/catalogue/title-providers?titles=${many}`)).status).toBe(400);
  });
});
