import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFrontRoute } from '../modules/profiles/front-route';
import { signUpVerified } from '../test/accounts';
import { createTestApp, listenForTest, type TestApp } from '../test/harness';
import { createHttpServer } from './server';

// A NUL (U+0000) anywhere in an API request's path, query or body is refused with 400
// validation_failed, never a 500 (PostgreSQL cannot store it in text). Every route of the OpenAPI
// document gets a NUL in each of its path parameters, query parameters and JSON string fields, one
// at a time, in an otherwise sensible request from a verified, signed-in user.
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
  minimum?: number;
  pattern?: string;
};
type Param = { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema };
type Operation = { parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } };

let t: TestApp;
let me: Awaited<ReturnType<typeof signUpVerified>>;
let other: Awaited<ReturnType<typeof signUpVerified>>;
let doc: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp();
  me = await signUpVerified(t, { fullName: 'Nul Tester' });
  other = await signUpVerified(t);
  doc = (await (await t.request('/api/openapi.json')).json()) as typeof doc;
});
afterAll(() => t.close());

const NUL = '\u0000';
const has = (s: Schema, type: string) => s.type === type || (Array.isArray(s.type) && s.type.includes(type));

/** A value the route would accept, so that the NUL is the only thing wrong with the request. */
let fresh = 0;
function sensible(name: string, schema: Schema, inBody = false): unknown {
  if (schema.enum) return schema.enum[0];
  if (has(schema, 'integer') || has(schema, 'number')) return name === 'mediaId' || name === 'id' ? 550 : name === 'rating' ? 3 : Math.max(schema.minimum ?? 1, 1);
  if (has(schema, 'boolean')) return true;
  if (has(schema, 'array')) return [sensible(name, schema.items ?? {}, inBody)];
  if (has(schema, 'object')) return bodyFor(schema);
  if (schema.format === 'uuid') return randomUUID();
  if (name === 'userId' || name === 'id') return other.id;
  // A body's username is a new one (sign-up, renaming), a path's is someone's.
  if (name === 'username') return inBody ? `nul_${Date.now().toString(36)}${++fresh}` : other.username;
  if (name === 'file') return '1.png';
  if (name === 'genres') return 'Drama';
  if (/email/i.test(name)) return `nul${Date.now().toString(36)}${++fresh}@example.com`;
  if (name === 'avatarUrl') return '';
  if (/url/i.test(name)) return 'https://example.com/x';
  if (/password/i.test(name)) return 'Corr3ct-Horse!';
  return 'hello';
}

function bodyFor(schema: Schema): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sensible(k, s, true)]));
}

/** Every string-valued place in a body, as a path of keys (array items included). */
function stringPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function withNulAt(body: unknown, at: (string | number)[]): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = at[at.length - 1]!;
  node[last] = `${String(node[last]).slice(0, 2)}${NUL}${String(node[last]).slice(2)}`;
  return copy;
}

interface Case {
  label: string;
  method: string;
  url: string;
  body?: unknown;
}

/** The requests with a NUL in one place each, for one operation. */
function casesFor(route: string, method: string, op: Operation): Case[] {
  const params = op.parameters ?? [];
  const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, String(sensible(p.name, p.schema))]));
  const queryValues = Object.fromEntries(params.filter((p) => p.in === 'query' && (p.required || p.name === 'q')).map((p) => [p.name, String(sensible(p.name, p.schema))]));
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const body = jsonSchema ? bodyFor(jsonSchema) : undefined;
  const build = (path: Record<string, string>, query: Record<string, string>) =>
    `/api${route.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!))}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
  const name = `${method.toUpperCase()} ${route}`;
  const cases: Case[] = [];
  for (const p of params) {
    if (p.in === 'path') cases.push({ label: `${name} path ${p.name}`, method, url: build({ ...pathValues, [p.name]: `ab${NUL}c` }, queryValues), body });
    else cases.push({ label: `${name} query ${p.name}`, method, url: build(pathValues, { ...queryValues, [p.name]: `ab${NUL}c` }), body });
  }
  for (const at of stringPaths(body)) cases.push({ label: `${name} body ${at.join('.')}`, method, url: build(pathValues, queryValues), body: withNulAt(body, at) });
  // Every route, even one without parameters, gets a NUL in a query parameter it does not know.
  cases.push({ label: `${name} unknown query`, method, url: `${build(pathValues, queryValues)}${Object.keys(queryValues).length ? '&' : '?'}x=%00`, body });
  return cases;
}

async function send(c: Case, cookie = me.cookie) {
  const res = await t.request(c.url, { method: c.method.toUpperCase(), headers: { cookie }, ...(c.body !== undefined ? { json: c.body } : {}) });
  // An event stream that was let through never ends: its status is enough.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, text: 'event stream' };
  }
  const text = await res.text();
  return { status: res.status, text };
}

/** Why an answer is not the refusal expected, or null when it is. */
function notRefused(label: string, res: { status: number; text: string }): string | null {
  let code: unknown;
  try {
    code = (JSON.parse(res.text) as { error?: { code?: unknown; message?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  return res.status === 400 && code === 'validation_failed' ? null : `${label}: ${res.status} ${res.text.slice(0, 120)}`;
}

function expectRefused(label: string, res: { status: number; text: string }) {
  expect(notRefused(label, res)).toBeNull();
  expect(JSON.parse(res.text), label).toMatchObject({ error: { code: 'validation_failed', message: expect.any(String) } });
}

describe('NUL characters in API input', () => {
  it('are refused with 400 validation_failed on every route, in every path parameter, query parameter and JSON string field', async () => {
    const cases = Object.entries(doc.paths).flatMap(([route, ops]) => Object.entries(ops).flatMap(([method, op]) => casesFor(route, method, op)));
    // The document covers the routes the issue names.
    for (const route of [
      '/profiles/{id}',
      '/profiles/by-username/{username}',
      '/profiles/search',
      '/messages/with/{userId}',
      '/follows/{userId}',
      '/messages/conversations',
      '/reports/{userId}',
      '/contact',
      '/me/profile',
    ]) {
      expect(Object.keys(doc.paths)).toContain(route);
    }
    expect(cases.length).toBeGreaterThan(100);
    const failures: string[] = [];
    // Deleting an account is tried with one of its own, should a request get through.
    const throwaway = await signUpVerified(t);
    for (const c of cases) {
      const problem = notRefused(c.label, await send(c, c.url.startsWith('/api/accounts/delete') ? throwaway.cookie : me.cookie));
      if (problem) failures.push(problem);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('are refused by the Better Auth endpoints (sign-in, reset request, reset, verification), JSON or form-encoded', async () => {
    const json = [
      ['/api/auth/sign-in/email', { email: me.email, password: me.password }],
      ['/api/auth/request-password-reset', { email: me.email, redirectTo: '/auth-password-reset' }],
      ['/api/auth/reset-password', { newPassword: 'Corr3ct-Horse!2', token: 'abcdefabcdef' }],
      ['/api/auth/send-verification-email', { email: me.email }],
    ] as const;
    for (const [url, body] of json) {
      for (const at of stringPaths(body)) {
        expectRefused(`${url} ${at.join('.')}`, await send({ label: url, method: 'post', url, body: withNulAt(body, at) }, ''));
        const form = new URLSearchParams(withNulAt(body, at) as Record<string, string>);
        const res = await t.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
        expectRefused(`${url} form ${at.join('.')}`, { status: res.status, text: await res.text() });
      }
    }
    const form = new FormData();
    form.append('email', `a${NUL}@example.com`);
    form.append('password', me.password);
    const multipart = await t.request('/api/auth/sign-in/email', { method: 'POST', body: form });
    expectRefused('sign-in multipart', { status: multipart.status, text: await multipart.text() });
    for (const url of ['/api/auth/verify-email?token=ab%00c', '/api/auth/reset-password/ab%00c?callbackURL=%2Fx', '/api/auth/get-session?x=%00']) {
      expectRefused(url, await send({ label: url, method: 'get', url }, ''));
    }
  });

  it('never fail the avatar upload (multipart with a NUL in the file name and in a text field)', async () => {
    for (const [fileName, extra] of [
      [`a${NUL}.png`, 'x'],
      ['a.png', `x${NUL}y`],
    ] as const) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }), fileName);
      form.append('note', extra);
      const res = await t.request('/api/me/avatar', { method: 'POST', headers: { cookie: me.cookie }, body: form });
      expect(res.status, await res.text()).toBeLessThan(500);
    }
  });

  it('refuses a notification cursor whose id is not a UUID', async () => {
    for (const before of ['2020-01-01T00:00:00Z|x', '2020-01-01T00:00:00Z|', 'x|' + randomUUID(), `2020-01-01T00:00:00Z|${randomUUID()}|x`]) {
      const res = await t.request(`/api/notifications?before=${encodeURIComponent(before)}`, { headers: { cookie: me.cookie } });
      expect(res.status, before).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
    const ok = await t.request(`/api/notifications?before=${encodeURIComponent(`2020-01-01T00:00:00.000Z|${randomUUID()}`)}`, { headers: { cookie: me.cookie } });
    expect(ok.status).toBe(200);
  });

  it('are refused at the front door too: the profile reads through the real HTTP server', async () => {
    const server = createHttpServer(t.app, t.deps.config, { logger: pino({ level: 'silent' }), routes: [profileFrontRoute(t.deps)] });
    const { base, close } = await listenForTest(server);
    try {
      for (const path of [
        '/api/profiles/%00',
        `/api/profiles/${other.id}%00`,
        '/api/profiles/by-username/ab%00c',
        '/api/profiles/search?q=%00',
        `/api/profiles/${other.id}?x=%00`,
        '/api/follows/%00',
      ]) {
        const res = await fetch(base + path, { headers: { cookie: me.cookie } });
        expectRefused(path, { status: res.status, text: await res.text() });
      }
    } finally {
      await close();
    }
  });
});
