import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';

interface Operation {
  'x-access'?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface Doc {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

let t: TestApp;
let doc: Doc;
let ops: { method: string; path: string; url: string; op: Operation }[];
beforeAll(async () => {
  t = await createTestApp();
  doc = await (await t.request('/api/openapi.json')).json();
  ops = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({
      method,
      path,
      // Any value for a path parameter: the guards run before the parameters are checked.
      url: doc.servers[0]!.url + path.replace(/\{\w+\}/g, 'x1'),
      op: item[method]!,
    })),
  );
});
afterAll(async () => {
  await t.close();
});

const label = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

async function statusOf(method: string, url: string, cookie?: string): Promise<number> {
  const res = await t.request(url, { method: method.toUpperCase(), headers: cookie ? { cookie } : {} });
  await res.body?.cancel(); // the event stream stays open otherwise
  return res.status;
}

describe('the OpenAPI document', () => {
  it('says who may call every operation: an access level, and the session cookie where one is needed', () => {
    expect(ops.length).toBeGreaterThan(50);
    expect(doc.components.securitySchemes.sessionCookie).toEqual({ type: 'apiKey', in: 'cookie', name: 'reelmates.session_token', description: expect.any(String) });
    const undeclared = ops.filter((o) => !['visitor', 'user', 'admin', 'premium'].includes(o.op['x-access'] ?? '')).map(label);
    expect(undeclared, 'operations without x-access').toEqual([]);
    for (const o of ops) {
      const needsSession = o.op['x-access'] !== 'visitor';
      if (needsSession) expect(o.op.security, label(o)).toEqual([{ sessionCookie: [] }]);
      // A visitor route either reads no session or takes one optionally (the empty requirement first).
      else expect([undefined, JSON.stringify([{}, { sessionCookie: [] }])], label(o)).toContain(o.op.security && JSON.stringify(o.op.security));
    }
  });

  it('declares the access each route enforces: user routes answer a visitor 401 and a signed-in user otherwise, visitor routes never 401', async () => {
    const me = await signUpVerified(t);
    const wrong: string[] = [];
    for (const o of ops) {
      const asVisitor = await statusOf(o.method, o.url);
      const needsSession = o.op['x-access'] !== 'visitor';
      if (needsSession !== (asVisitor === 401)) wrong.push(`${label(o)}: declared ${o.op['x-access']}, a visitor got ${asVisitor}`);
      if (o.op['x-access'] !== 'user') continue;
      const asUser = await statusOf(o.method, o.url, me.cookie);
      if (asUser === 401 || asUser === 403) wrong.push(`${label(o)}: declared user, a signed-in user got ${asUser}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers every error in the shared Error schema, and documents 401 on every route that needs a session', () => {
    expect(doc.components.schemas.Error).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: { error: { required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
    });
    const inline: string[] = [];
    for (const o of ops) {
      for (const [status, response] of Object.entries(o.op.responses)) {
        // The health check's 503 is its own state ({ status: 'degraded', database: 'down' }), not an error.
        if (Number(status) < 400 || (o.path === '/health' && status === '503')) continue;
        const schema = response.content?.['application/json']?.schema;
        if (JSON.stringify(schema) !== JSON.stringify({ $ref: '#/components/schemas/Error' })) inline.push(`${label(o)} ${status}`);
      }
      if (o.op['x-access'] !== 'visitor' && !o.op.responses['401']) inline.push(`${label(o)}: no 401`);
    }
    expect(inline).toEqual([]);
  });
});
