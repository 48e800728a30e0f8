import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, listenForTest, type TestApp } from '../test/harness';
import { HealthProbe } from '../modules/health/probe';
import { createHttpServer } from './server';
import { WebAssets } from './web-app';

let t: TestApp;
let base: string;
let closeServer: () => Promise<void>;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
  ({ base, close: closeServer } = await listenForTest(createHttpServer(t.app, t.deps.config)));
});
afterAll(async () => {
  await closeServer();
  await t.close();
});

describe('HTTP platform', () => {
  it('reports database reachability on /api/health', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sets security headers on success, 404, errors and Better Auth answers', async () => {
    const responses = [
      await fetch(`${base}/api/health`),
      await fetch(`${base}/api/does-not-exist`),
      await fetch(`${base}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      await fetch(`${base}/api/auth/get-session`),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 404, 400, 200]);
    for (const res of responses) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(responses[0]!.headers.get('x-request-id')).toMatch(/.+/);
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    const res = await t.request('/api/nope');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers malformed JSON with 400 in the error shape, without internals', async () => {
    const res = await t.request('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('bad_request');
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|stack/i);
  });

  it('refuses oversized bodies with 413', async () => {
    const res = await t.request('/api/contact', { method: 'POST', json: { type: 'Contact Inquiry', name: 'x', email: 'a@b.co', subject: 's', message: 'x'.repeat(5000) } });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('refuses state-changing requests from another origin', async () => {
    const body = { type: 'Contact Inquiry', name: 'A', email: 'a@b.co', subject: 'S', message: 'M' };
    const cross = await t.request('http://localhost/api/contact', { method: 'POST', json: body, headers: { origin: 'https://evil.example' } });
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.code).toBe('cross_origin');
    const site = await t.request('http://localhost/api/contact', { method: 'POST', json: body, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(site.status).toBe(403);
    const same = await t.request('http://localhost/api/contact', { method: 'POST', json: body, headers: { origin: 'http://localhost' } });
    expect(same.status).toBe(201);
  });

  it('answers /api/health at the front door: 503 when the database is down, headers and id included', async () => {
    const down = createHttpServer(t.app, t.deps.config, {
      logger: t.deps.logger,
      health: new HealthProbe({ ping: () => Promise.reject(new Error('connection refused')) }),
    });
    const listening = await listenForTest(down);
    const res = await fetch(`${listening.base}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'degraded', database: 'down' });
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    await listening.close();
  });

  it('serves the API reference page at /api/docs with the page security headers; the rest of /api keeps the API ones', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(dist, 'api-docs.html'), '<!doctype html><title>Reelmates API reference</title><script type="module" src="/assets/api-docs-x.js"></script>');
    const withWeb = await listenForTest(createHttpServer(t.app, t.deps.config, { logger: t.deps.logger, assets: new WebAssets(dist) }));
    try {
      for (const url of ['/api/docs', '/api/docs?x=1']) {
        const page = await fetch(`${withWeb.base}${url}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(page.headers.get('cache-control')).toBe('no-cache');
        expect(await page.text()).toContain('Reelmates API reference');
        const csp = page.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("style-src 'self' 'unsafe-inline'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(page.headers.get('x-frame-options')).toBe('DENY');
      }
      for (const url of ['/api/openapi.json', '/api/docs/other', '/api/docsx']) {
        const res = await fetch(`${withWeb.base}${url}`);
        expect(res.headers.get('content-security-policy'), url).toBe("default-src 'none'; frame-ancestors 'none'");
        if (url !== '/api/openapi.json') expect((await res.json()).error.message).toMatch(/^No API route/);
      }
    } finally {
      await withWeb.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('keeps a sane incoming request id and replaces a hostile one', async () => {
    const kept = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${base}/api/health`, { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>');
  });

  it('publishes an OpenAPI document whose operations, under its /api server, are exactly the routes the app answers', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    expect(doc.servers).toEqual([{ url: '/api', description: expect.any(String) }]);
    const server: string = doc.servers[0].url;

    // Every documented operation, as server + path, against every route of the router under /api.
    const documented = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, unknown>>(doc.paths)) {
      for (const method of Object.keys(item).filter((key) => HTTP_METHODS.has(key))) documented.add(`${method.toUpperCase()} ${server}${path}`);
    }
    const routed = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')) // ALL: middleware and the 404 answer
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`)
        .filter((op) => !UNDOCUMENTED.has(op)),
    );
    expect([...documented].sort()).toEqual([...routed].sort());

    // And each documented GET without path parameters is answered by its route, not the API's 404.
    const plainGets = [...documented].filter((op) => op.startsWith('GET ') && !op.includes('{')).map((op) => op.slice(4));
    expect(plainGets).toContain('/api/notifications');
    for (const path of plainGets) {
      const res = await t.request(path);
      const body = res.headers.get('content-type')?.includes('json') ? await res.json() : (await res.body?.cancel(), null);
      expect(body?.error?.message ?? '', path).not.toMatch(/^No API route/);
    }
  });
});

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Routes of the router the document leaves out, each for a reason. */
const UNDOCUMENTED = new Set([
  // Better Auth's own routes (sign-in, sign-out, reset, e-mail change): its handler answers a whole subtree.
  'GET /api/auth/*',
  'POST /api/auth/*',
  // The document itself. (The reference page, /api/docs, is a file of the web app served at the front door.)
  'GET /api/openapi.json',
]);
