import { gunzipSync } from 'node:zlib';
import type { z } from '@hono/zod-openapi';
import { createRoute, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { MiddlewareHandler, Next } from 'hono';
import type { ErrorStatus, RouteContract, SuccessStatus } from '../../shared/api/contract';
import type { AppEnv } from './context';
import { AppError, errors } from './errors';
import { createRouter, errorSchema, SESSION_SCHEME } from './openapi';

/**
 * Mounts a module's route table (src/shared/api/<module>.ts) on a router: the one place where a
 * declared contract becomes Hono routing, request validation, the OpenAPI operation, the access
 * guard, the rate limit, the cache policy and (in tests) a check of every success body against
 * the declared response schema. Modules write handlers only.
 */

type JsonContent<S> = { description: string; content: { 'application/json': { schema: S } } };
type ErrorContent = JsonContent<typeof errorSchema>;
type StatusOf<C extends RouteContract> = C['status'] extends readonly (infer S)[] ? S : C['status'];
type SameBodyOf<C extends RouteContract> = C['sameBodyOn'] extends ErrorStatus ? C['sameBodyOn'] : never;

/** JSON answers are typed against the schema; prepared bytes, HTML, SVG and streams are plain Responses. */
type SuccessOf<C extends RouteContract> = C extends { raw: true }
  ? { description: string }
  : C extends { produces: infer P }
    ? P extends 'application/json'
      ? JsonContent<C['response']>
      : { description: string }
    : JsonContent<C['response']>;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} is "nothing of this part" in an intersection
type None = {};
type RequestOf<C extends RouteContract> = (C['params'] extends z.ZodObject ? { params: C['params'] } : None) &
  (C['query'] extends z.ZodObject ? { query: C['query'] } : None) &
  (C['body'] extends z.ZodType ? { body: { required: true; content: { 'application/json': { schema: C['body'] } } } } : None) &
  (C['form'] extends z.ZodObject ? { body: { required: true; content: { 'multipart/form-data': { schema: C['form'] } } } } : None);

/** The RouteConfig a contract stands for, as @hono/zod-openapi types handlers from it. */
export type RouteOf<C extends RouteContract> = {
  method: C['method'];
  path: C['path'];
  request: RequestOf<C>;
  responses: { [S in (StatusOf<C> & SuccessStatus) | SameBodyOf<C>]: SuccessOf<C> } & { [S in Exclude<ErrorStatus, SameBodyOf<C>>]: ErrorContent };
};

/**
 * A handler typed from its contract: c.req.valid() by the request schemas, and for JSON routes the
 * body and status of c.json() by the response schema. A handler that sends prepared bytes, HTML,
 * SVG, images or a stream returns a plain Response (its context is still typed by the contract).
 * Spelled out: TypeScript resolves RouteHandler's "any content-less response allows a plain
 * Response" test too early for a generic contract, and refuses one.
 */
type PlainHandler<C extends RouteContract> = (c: Parameters<RouteHandler<RouteOf<C>, AppEnv>>[0], next: Next) => Response | Promise<Response>;
export type HandlerOf<C extends RouteContract> = C extends { raw: true }
  ? PlainHandler<C>
  : C extends { produces: infer P }
    ? P extends 'application/json'
      ? RouteHandler<RouteOf<C>, AppEnv>
      : PlainHandler<C>
    : RouteHandler<RouteOf<C>, AppEnv>;
export type Handlers<T extends Record<string, RouteContract>> = { [K in keyof T]: HandlerOf<T[K]> };

/** What the table needs from the rest of the server, given by modules/accounts/guards.ts. */
export interface RouteWiring {
  /** 401 without a session; sets c.var.user. */
  requireUser: MiddlewareHandler<AppEnv>;
  /** 401 without a session, 403 for a non-admin; sets c.var.user. */
  requireAdmin: MiddlewareHandler<AppEnv>;
  /** 401 without a session, 403 for a free user; sets c.var.user. */
  requirePremium: MiddlewareHandler<AppEnv>;
  /** Counts a hit; the seconds to wait when over the limit, else 0. */
  hitLimit(key: string, max: number, windowMs: number): Promise<number>;
  /** The client address per-address limits count by. */
  clientAddress(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string;
  /** Tests: every success body is parsed with its response schema, and a mismatch is a 500. */
  checkResponses: boolean;
}

const STATUS_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid input (validation_failed) or request',
  401: 'Not signed in (unauthorized)',
  403: 'Not allowed (forbidden)',
  404: 'Not found (not_found)',
  409: 'Conflict',
  410: 'Gone',
  413: 'Too large (payload_too_large)',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests (rate_limited); Retry-After says when to try again',
  503: 'An outside service is not answering; Retry-After says when to try again',
};

const errorContent = (status: ErrorStatus): ErrorContent => ({ description: STATUS_TEXT[status], content: { 'application/json': { schema: errorSchema } } });

/** The error statuses a contract answers: the declared ones and the ones its declaration implies. */
export function errorStatusesOf(contract: RouteContract): ErrorStatus[] {
  const implied: ErrorStatus[] = [];
  if (contract.params || contract.query || contract.body || contract.form) implied.push(400);
  if (contract.access === 'user' || contract.access === 'admin' || contract.access === 'premium') implied.push(401);
  if (contract.access === 'admin' || contract.access === 'premium') implied.push(403);
  if (contract.rateLimit) implied.push(429);
  return [...new Set([...implied, ...(contract.errors ?? [])])].sort((a, b) => a - b);
}

const SECURITY = {
  visitor: undefined,
  // The empty requirement first: calling without the cookie is fine too.
  visitorOrUser: [{}, { [SESSION_SCHEME]: [] }],
  user: [{ [SESSION_SCHEME]: [] }],
  admin: [{ [SESSION_SCHEME]: [] }],
  premium: [{ [SESSION_SCHEME]: [] }],
} as const;

/** The OpenAPI operation of a contract (without middleware). */
export function openApiRouteOf(contract: RouteContract) {
  const statuses = Array.isArray(contract.status) ? contract.status : [contract.status as SuccessStatus];
  const produces = [contract.produces ?? 'application/json'].flat();
  const success = { description: contract.description ?? contract.summary, content: Object.fromEntries(produces.map((type) => [type, { schema: contract.response }])) };
  const responses: Record<number, unknown> = {};
  for (const s of statuses) responses[s] = success;
  if (contract.conditional) responses[304] = { description: 'Not modified (If-None-Match)' };
  for (const e of errorStatusesOf(contract)) responses[e] = errorContent(e);
  if (contract.sameBodyOn) responses[contract.sameBodyOn] = success;
  const request: Record<string, unknown> = {};
  if (contract.params) request.params = contract.params;
  if (contract.query) request.query = contract.query;
  if (contract.body) request.body = { required: true, content: { 'application/json': { schema: contract.body } } };
  if (contract.form) request.body = { required: true, content: { 'multipart/form-data': { schema: contract.form } } };
  const security = SECURITY[contract.access];
  return createRoute({
    method: contract.method,
    path: contract.path,
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    ...(contract.tags ? { tags: [...contract.tags] } : {}),
    'x-access': contract.access === 'visitorOrUser' ? 'visitor' : contract.access,
    ...(security ? { security: security.map((s) => ({ ...s })) } : {}),
    request,
    responses,
  } as RouteConfig);
}

function cachePolicy(contract: RouteContract): MiddlewareHandler<AppEnv> | undefined {
  const value = contract.cache ?? (contract.method === 'get' && contract.access !== 'visitor' ? 'private, no-store' : undefined);
  if (!value) return undefined;
  return async (c, next) => {
    await next();
    if (c.res.status < 300 && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}

function rateLimit(contract: RouteContract, wiring: RouteWiring): MiddlewareHandler<AppEnv> | undefined {
  const limit = contract.rateLimit;
  if (!limit) return undefined;
  return async (c, next) => {
    const who = limit.per === 'user' ? c.get('user').id : wiring.clientAddress(c);
    const wait = await wiring.hitLimit(`${limit.bucket}:${who}`, limit.max, limit.windowMs);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw errors.tooMany(limit.message);
    }
    await next();
  };
}

function responseCheck(contract: RouteContract, routeName: string): MiddlewareHandler<AppEnv> {
  const statuses = new Set<number>(Array.isArray(contract.status) ? contract.status : [contract.status]);
  if (contract.sameBodyOn) statuses.add(contract.sameBodyOn);
  return async (c, next) => {
    await next();
    if (!statuses.has(c.res.status) || !c.res.headers.get('content-type')?.includes('application/json')) return;
    // A prepared answer may be gzipped for a client that takes it (modules/titles/answers.ts).
    const res = c.res.clone();
    const body: unknown = res.headers.get('content-encoding') === 'gzip' ? JSON.parse(gunzipSync(new Uint8Array(await res.arrayBuffer())).toString()) : await res.json();
    const parsed = contract.response.safeParse(body);
    if (parsed.success) return;
    c.get('logger').error({ route: routeName, issues: parsed.error.issues.slice(0, 5) }, 'response does not match its contract');
    c.res = new Response(
      JSON.stringify({
        error: {
          code: 'response_contract',
          message: `${routeName} answered a body its contract does not allow: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`,
        },
      }),
      {
        status: 500,
        headers: { 'content-type': 'application/json' },
      },
    );
  };
}

/** The guard's 401 (no session) with the route's own message; anything else passes unchanged. */
function withSignInMessage(guard: MiddlewareHandler<AppEnv>, message: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let passed = false;
    try {
      await guard(c, () => {
        passed = true;
        return next();
      });
    } catch (err) {
      if (!passed && err instanceof AppError && err.status === 401) throw errors.unauthorized(message);
      throw err;
    }
  };
}

/** The middleware a contract implies, in order: cache policy, response check, access, rate limit. */
export function middlewareOf(contract: RouteContract, name: string, wiring: RouteWiring): MiddlewareHandler<AppEnv>[] {
  const guards = { visitor: undefined, visitorOrUser: undefined, user: wiring.requireUser, admin: wiring.requireAdmin, premium: wiring.requirePremium };
  const guard = guards[contract.access];
  const list: (MiddlewareHandler<AppEnv> | undefined)[] = [
    cachePolicy(contract),
    wiring.checkResponses && (contract.produces ?? 'application/json') === 'application/json' ? responseCheck(contract, name) : undefined,
    guard && contract.signInMessage ? withSignInMessage(guard, contract.signInMessage) : guard,
    rateLimit(contract, wiring),
  ];
  return list.filter((m): m is MiddlewareHandler<AppEnv> => m !== undefined);
}

/** A router with every route of the table, each handled by the handler of the same name. */
export function mountTable<T extends Record<string, RouteContract>>(table: T, handlers: Handlers<T>, wiring: RouteWiring, router = createRouter()) {
  for (const name of Object.keys(table) as (keyof T & string)[]) {
    const contract = table[name]!;
    const route = { ...openApiRouteOf(contract), middleware: middlewareOf(contract, name, wiring) };
    // The handler's type was checked against its contract in Handlers<T>; here they meet untyped.
    router.openapi(route, handlers[name] as never);
  }
  return router;
}
