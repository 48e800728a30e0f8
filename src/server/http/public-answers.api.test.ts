import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified } from '../test/accounts';
import { createTestApp, listenForTest, type TestApp } from '../test/harness';
import { PublicAnswers, readyJson } from './public-answers';
import { createHttpServer } from './server';

/**
 * The front door's cache of public answers, through a real HTTP server around the whole app (the
 * offline catalogue): which requests reach the app, and what the client gets either way.
 */
let t: TestApp;
let base: string;
let closeServer: () => Promise<void>;
/** Requests that got past the front door into the app. */
const reachedApp: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const app = { fetch: (req: Request, ...rest: unknown[]) => (reachedApp.push(new URL(req.url).pathname + new URL(req.url).search), t.app.fetch(req, ...(rest as []))) };
  ({ base, close: closeServer } = await listenForTest(createHttpServer(app, t.deps.config, { logger: pino({ level: 'silent' }), publicAnswers: t.deps.publicAnswers })));
});
afterAll(async () => {
  await closeServer();
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
  reachedApp.length = 0;
});

const GZIP = { 'accept-encoding': 'gzip, deflate, br' };

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  bytes: Buffer;
}

/** The bytes on the wire (fetch() would unzip them). */
function raw(path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(base + path, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Map(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
          resolve({ status: res.statusCode!, headers: h, bytes: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** Headers that must be the same whichever side answered (the request id differs by design). */
function stableHeaders(res: RawResponse) {
  const h = Object.fromEntries(res.headers);
  for (const name of ['date', 'x-request-id', 'content-length', 'connection', 'keep-alive', 'transfer-encoding']) delete h[name];
  return h;
}

describe('cached catalogue answers at the front door', () => {
  it("answers a repeated 'Did you mean' without the app, and another query through it", async () => {
    const path = '/api/catalogue/suggest?q=interstelar';
    const first = await raw(path);
    expect(JSON.parse(first.bytes.toString())).toEqual({ suggestion: 'Interstellar' });
    const second = await raw(path);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(reachedApp).toEqual([path]);
    const other = await raw('/api/catalogue/suggest?q=intrstellar');
    expect(JSON.parse(other.bytes.toString())).toEqual({ suggestion: 'Interstellar' });
    expect(reachedApp).toEqual([path, '/api/catalogue/suggest?q=intrstellar']);
  });

  it('answers a repeated request with the same bytes and headers, without the app', async () => {
    const path = '/api/catalogue/titles/movie/550';
    const first = await raw(path, GZIP);
    expect(first.status).toBe(200);
    expect(reachedApp).toEqual([path]);
    const second = await raw(path, GZIP);
    expect(reachedApp).toEqual([path]); // the second never reached the app
    expect(second.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(stableHeaders(second)).toEqual(stableHeaders(first));
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(second.headers.get('etag')).toMatch(/^W\/"[\w-]{22}"$/);
    expect(second.headers.get('cache-control')).toBe('public, max-age=300');
    expect(second.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(second.headers.get('x-request-id')).toBeTruthy();
    expect(JSON.parse(gunzipSync(second.bytes).toString())).toMatchObject({ id: 550, title: 'Fight Club' });

    // A client that takes no gzip gets the same JSON, plain.
    const plain = await raw(path);
    expect(plain.headers.get('content-encoding')).toBeUndefined();
    expect(plain.bytes.equals(gunzipSync(first.bytes))).toBe(true);
    expect(reachedApp).toEqual([path]);
  });

  it('answers 304 to a matching If-None-Match, on both sides', async () => {
    const path = '/api/catalogue/titles/movie/155';
    const first = await raw(path, GZIP);
    const etag = first.headers.get('etag')!;
    const fromFront = await raw(path, { ...GZIP, 'if-none-match': etag });
    expect(fromFront.status).toBe(304);
    expect(fromFront.bytes.length).toBe(0);
    expect(fromFront.headers.get('etag')).toBe(etag);
    expect((await raw(path, { 'if-none-match': `"other", ${etag.slice(2)}` })).status).toBe(304);
    expect((await raw(path, { 'if-none-match': '"other"' })).status).toBe(200);
    expect(reachedApp).toEqual([path]);

    // The app's own answer honours it too (a revalidation may reach it after a restart).
    const viaApp = await t.request(path, { headers: { 'if-none-match': etag } });
    expect(viaApp.status).toBe(304);
    expect(viaApp.headers.get('etag')).toBe(etag);
  });

  it('keeps each URL apart, query included, and never keeps errors', async () => {
    const one = await raw('/api/catalogue/popular?type=movie&page=1', GZIP);
    const two = await raw('/api/catalogue/popular?type=movie&page=2', GZIP);
    expect(one.bytes.equals(two.bytes)).toBe(false);
    expect(JSON.parse(gunzipSync((await raw('/api/catalogue/popular?type=movie&page=2', GZIP)).bytes).toString()).page).toBe(2);

    for (const path of ['/api/catalogue/titles/movie/999999999', '/api/catalogue/titles/movie/abc']) {
      const statuses = [(await raw(path)).status, (await raw(path)).status];
      expect(statuses[0]).toBe(statuses[1]);
      expect(statuses[0]).toBeGreaterThanOrEqual(400);
    }
    expect(reachedApp).toEqual([
      '/api/catalogue/popular?type=movie&page=1',
      '/api/catalogue/popular?type=movie&page=2',
      '/api/catalogue/titles/movie/999999999',
      '/api/catalogue/titles/movie/999999999',
      '/api/catalogue/titles/movie/abc',
      '/api/catalogue/titles/movie/abc',
    ]);
  });

  it('holds nothing per user: a signed-in request gets the same bytes, no cookie, and other API GETs are never kept', async () => {
    const path = '/api/catalogue/titles/tv/1396';
    const anonymous = await raw(path, GZIP);
    const user = await signUpVerified(t);
    const signedIn = await raw(path, { ...GZIP, cookie: user.cookie });
    expect(signedIn.bytes.equals(anonymous.bytes)).toBe(true);
    expect(signedIn.headers.get('set-cookie')).toBeUndefined();

    await raw('/api/session', { cookie: user.cookie });
    await raw('/api/session', { cookie: user.cookie });
    expect(reachedApp.filter((p) => p === '/api/session')).toHaveLength(2);
    expect(t.deps.publicAnswers.lookup('/api/session')).toBeUndefined();
  });

  it('never keeps a premium answer at the door: Advanced Discovery asks the guard every time', async () => {
    const path = '/api/catalogue/advanced-discover?type=movie&rating=7';
    const premium = await signUpVerified(t); // early accounts are founding members (ruling 6)
    expect((await raw(path, { cookie: premium.cookie })).status).toBe(200);
    expect((await raw(path, { cookie: premium.cookie })).status).toBe(200);
    expect(t.deps.publicAnswers.lookup(path)).toBeUndefined();
    expect((await raw(path)).status).toBe(401);
    expect(reachedApp.filter((p) => p === path)).toHaveLength(3);
  });

  it('lets an answer go when it expires, and the app answers again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const path = '/api/catalogue/trending?type=tv';
    await raw(path, GZIP);
    await raw(path, GZIP);
    expect(reachedApp).toEqual([path]);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
    await raw(path, GZIP);
    expect(reachedApp).toEqual([path, path]);
    await raw(path, GZIP);
    expect(reachedApp).toEqual([path, path]); // kept again, fresh
  });
});

describe('PublicAnswers', () => {
  it('never keeps an answer that is already stale, and keeps at most maxEntries', () => {
    const answers = new PublicAnswers(2);
    answers.remember('/stale', readyJson('{}', 'public', -1));
    expect(answers.lookup('/stale')).toBeUndefined();
    for (const url of ['/a', '/b', '/c']) answers.remember(url, readyJson('{}', 'public', 60_000));
    expect(answers.size).toBe(2);
    expect(answers.lookup('/a')).toBeUndefined();
    expect(answers.lookup('/c')).toBeDefined();
  });

  it('gzips JSON of 1 KB or more, once; smaller answers stay plain', () => {
    const big = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `title ${i}` })) });
    const answer = readyJson(big, 'public, max-age=300', 1000);
    expect(answer.gzip!.length).toBeLessThan(big.length / 3);
    expect(gunzipSync(answer.gzip!).toString()).toBe(big);
    expect(readyJson('{"a":1}', 'public', 1000).gzip).toBeNull();
  });
});
