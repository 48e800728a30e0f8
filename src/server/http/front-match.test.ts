import { createRoute } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { profilesApi } from '../../shared/api/profiles';
import { frontMatcher } from './front-match';
import { createRouter } from './openapi';

const byId = frontMatcher(profilesApi.byId);
const byUsername = frontMatcher(profilesApi.byUsername);

/** The routes' paths and params as Hono routes and validates them under /api, answering the params they were given. */
const echo = <P extends z.ZodObject>(contract: { path: string; params: P }) =>
  createRoute({ method: 'get', path: contract.path, request: { params: contract.params }, responses: { 200: { description: 'the params' } } });
const api = createRouter();
api.openapi(echo(profilesApi.byUsername), (c) => c.json({ route: 'byUsername', params: c.req.valid('param') }, 200));
api.openapi(echo(profilesApi.byId), (c) => c.json({ route: 'byId', params: c.req.valid('param') }, 200));
const app = new Hono().route('/api', api);

async function router(url: string): Promise<{ route: string; params: object } | { status: number }> {
  const res = await app.request(url);
  return res.status === 200 ? ((await res.json()) as { route: string; params: object }) : { status: res.status };
}

const long = 'x'.repeat(64);

describe('frontMatcher (the front door matches with the routes table)', () => {
  it.each([
    ['/api/profiles/abc', { id: 'abc' }],
    ['/api/profiles/AbC_1-2', { id: 'AbC_1-2' }],
    [`/api/profiles/${long}`, { id: long }],
    ['/api/profiles/%41bc', { id: 'Abc' }],
    // An encoded slash is part of the param, as the router reads it, not a new segment.
    ['/api/profiles/a%2Fb', { id: 'a/b' }],
    ['/api/profiles/abc%3Fx%3D1', { id: 'abc?x=1' }],
    ['/api/profiles/%2541', { id: '%41' }],
    ['/api/profiles/by-username', { id: 'by-username' }],
  ])('%s: the params the route gets', async (url, params) => {
    expect(byId(url)).toEqual(params);
    expect(byUsername(url)).toBeUndefined();
    expect(await router(url)).toEqual({ route: 'byId', params });
  });

  it.each([
    ['/api/profiles/by-username/Some.User_1', { username: 'Some.User_1' }],
    ['/api/profiles/by-username/%C3%A9mile', { username: 'émile' }],
  ])('%s: by username', async (url, params) => {
    expect(byUsername(url)).toEqual(params);
    expect(byId(url)).toBeUndefined();
    expect(await router(url)).toEqual({ route: 'byUsername', params });
  });

  it.each([
    // Query strings, and anything that is not exactly the path, are the router's.
    '/api/profiles/abc?x=1',
    '/api/profiles/abc?',
    '/api/profiles/abc/',
    '/api/profiles/',
    '/api/profiles',
    '/api/profiles/abc/favorites',
    '/api/profile%73/abc',
    '/api/profiles/abc#x',
    '/profiles/abc',
    '/api/profiles/by-username/a/b',
    // Refused by the params schema: NUL, over-long (raw or once decoded), empty.
    '/api/profiles/a%00b',
    `/api/profiles/${long}x`,
    `/api/profiles/${'x'.repeat(60)}${'%41'.repeat(5)}`,
    `/api/profiles/by-username/${'u'.repeat(61)}`,
    // Not valid percent-encoding.
    '/api/profiles/%E0%A4%A',
    '/api/profiles/%',
    // What URL parsing changes before the router sees it.
    '/api/profiles/..',
    '/api/profiles/%2e%2E',
    '/api/profiles/.',
    '/api/profiles/a\\b',
    '/api/profiles/a b',
    '/api/profiles/a\tb',
  ])('%s: left to the router', (url) => {
    expect(byId(url)).toBeUndefined();
    expect(byUsername(url)).toBeUndefined();
  });

  it('never matches where the router would give other params or another route', async () => {
    const urls = [
      '/api/profiles/..',
      '/api/profiles/%2e%2e',
      '/api/profiles/a\\b',
      '/api/profiles/a%00b',
      `/api/profiles/${long}x`,
      '/api/profiles/a%2Fb%2F..',
      '/api/profiles/%2e',
      '/api/profiles/x%2F%2E%2E',
    ];
    let compared = 0;
    for (const url of urls) {
      const matched = byId(url) ?? byUsername(url);
      if (matched === undefined) continue;
      expect(await router(url), url).toHaveProperty('params', matched);
      compared++;
    }
    expect(compared).toBe(2); // a%2Fb%2F.. and x%2F%2E%2E: dots inside a param are no dot segment
    // The router refuses what the schema refuses: the matcher leaves those to it.
    expect(await router('/api/profiles/a%00b')).toEqual({ status: 400 });
    expect(await router(`/api/profiles/${long}x`)).toEqual({ status: 400 });
  });

  it('refuses contracts it cannot serve at the front door', () => {
    const params = z.object({ id: z.string() });
    expect(() => frontMatcher({ method: 'post', path: '/x/{id}', params })).toThrow(/GETs only/);
    expect(() => frontMatcher({ method: 'get', path: '/x/{id}.json', params })).toThrow(/whole segment/);
  });
});
