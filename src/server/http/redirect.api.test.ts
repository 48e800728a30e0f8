import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFrontRoute } from '../modules/profiles/front-route';
import { createTestApp, listenForTest, type TestApp } from '../test/harness';
import { createHttpServer } from './server';
import { WebAssets } from './web-app';

// The doubled-slash redirect must only ever lead to a path of our own origin, whatever the request
// path holds (issue: /%5C/evil.example//a was redirected to /\/evil.example/a, which browsers follow
// to http://evil.example/a). Tested through the real HTTP server, which sees requests first.
const ORIGIN = 'http://localhost:3000';

let t: TestApp;
let base: string;
let closeServer: () => Promise<void>;
let distDir: string;

beforeAll(async () => {
  t = await createTestApp();
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Reelmates</title>');
  const front = {
    logger: pino({ level: 'silent' }),
    health: t.deps.health,
    publicAnswers: t.deps.publicAnswers,
    assets: new WebAssets(distDir),
    routes: [profileFrontRoute(t.deps)],
  };
  ({ base, close: closeServer } = await listenForTest(createHttpServer(t.app, t.deps.config, front)));
});
afterAll(async () => {
  await closeServer();
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** A GET with the request target sent exactly as given (fetch would normalise it first). */
function rawGet(target: string, method = 'GET'): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, method, path: target, headers: { host: 'localhost:3000' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const HOSTILE = [
  '/%5C/evil.example//a',
  '/%5c/evil.example//a',
  '/%09/evil.example//a',
  '/%5C%5Cevil.example//a',
  '/%0d%0a/x//a',
  '/%0D%0ASet-Cookie:%20x=1//a',
  '/%00//a',
  '//evil.example/a',
  '///evil.example//a',
  '/\\evil//a',
  '/\\/evil.example//a',
  '//\\evil.example/a',
  '/api//%5C/evil.example',
  '//evil.example/a?x=//y',
];

describe('doubled-slash redirect', () => {
  it.each(HOSTILE)('never leads off our origin and never fails: %s', async (target) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await rawGet(target, method);
      expect(res.status).toBeLessThan(500);
      if (res.location !== undefined) {
        expect(new URL(res.location, ORIGIN).origin).toBe(ORIGIN);
        // Exactly one slash, then neither a slash nor a backslash.
        expect(res.location).toMatch(/^\/[^/\\]/);
        expect(res.location).not.toMatch(/[\s\\]/);
      }
    }
  });

  it('refuses control characters and backslashes in a doubled-slash path rather than redirecting', async () => {
    for (const target of ['/%5C/evil.example//a', '/%09/evil.example//a', '/%5C%5Cevil.example//a', '/%0d%0a/x//a', '/api//%5C/x']) {
      const res = await rawGet(target);
      expect(res.status, target).toBe(400);
      expect(res.location).toBeUndefined();
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'bad_request' } });
    }
    // A backslash as sent is refused by Node's HTTP parser itself: no redirect either.
    expect(await rawGet('/\\evil//a')).toMatchObject({ status: 400, location: undefined });
  });

  it('still collapses ordinary doubled slashes, keeping the path encoded as sent and the query', async () => {
    expect(await rawGet('/a//b')).toMatchObject({ status: 301, location: '/a/b' });
    expect(await rawGet('///evil.example//a')).toMatchObject({ status: 301, location: '/evil.example/a' });
    expect(await rawGet('//evil.example/a')).toMatchObject({ status: 301, location: '/evil.example/a' });
    expect(await rawGet('/search//x?q=a%20b//c')).toMatchObject({ status: 301, location: '/search/x?q=a%20b//c' });
    expect(await rawGet('/caf%C3%A9//x')).toMatchObject({ status: 301, location: '/caf%C3%A9/x' });
  });
});
