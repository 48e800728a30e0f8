import type { z } from 'zod';
import type { Authz } from './authz';

/**
 * One declared contract per API route (docs/architecture.md, "Adding a route"). A module's table
 * (src/shared/api/<module>.ts) is the only place a route's method, path, access level, request and
 * response shapes, rate limit and cache policy are written. The server mounts its handlers from it
 * (server/http/route-table.ts: guards, validation, OpenAPI document, limits, cache headers), and
 * the web calls it with typed fetchers (web/lib/api.ts `call`). Zod only: it runs in the browser.
 */

/** Who may call a route. Owner checks (is this my message?) stay in the service. */
export type Access =
  /** Anyone; no session is read. */
  | 'visitor'
  /** Anyone; with a session the answer is the signed-in user's view. */
  | 'visitorOrUser'
  /** A signed-in user: 401 without a session. */
  | 'user'
  /** A signed-in admin: 401 without a session, 403 for other users. */
  | 'admin'
  /**
   * A signed-in premium user (subscribed, on trial, founding member, admin or the owner; ruling 4):
   * 401 without a session, 403 for a free user. One check for every premium route (ADR 021).
   */
  | 'premium';

export type MediaType = 'application/json' | 'text/html' | 'text/event-stream' | 'image/svg+xml' | 'image/png' | 'image/jpeg' | 'application/zip';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type SuccessStatus = 200 | 201 | 202;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503;

/** A limit kept in the database (exact across instances, kept across restarts). */
export interface RateLimit {
  /** The counter's name; the key is `<bucket>:<user id or client address>`. */
  bucket: string;
  per: 'user' | 'address';
  max: number;
  windowMs: number;
  /** The 429's message, shown to the user as it is. */
  message?: string;
}

export interface RouteContract {
  method: Method;
  /** Relative to /api, with {param} placeholders as in OpenAPI. */
  path: `/${string}`;
  access: Access;
  /** What each kind of caller must get from the route, with whose objects (issue 19's authorization matrix; authz.ts). */
  authz: Authz;
  summary: string;
  description?: string;
  tags?: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON request body. */
  body?: z.ZodType;
  /** A multipart/form-data request body. */
  form?: z.ZodObject;
  /** The success status, or several when the same body answers more than one (created or updated). */
  status: SuccessStatus | readonly SuccessStatus[];
  /** The success body. JSON unless `produces` says otherwise (then a z.string() describing it). */
  response: z.ZodType;
  /** The success body's media type, or the types one of which it has (an uploaded PNG or JPEG). */
  produces?: MediaType | readonly MediaType[];
  /** A non-success status answered with the same body rather than an error (the health check's 503: degraded). */
  sameBodyOn?: 503;
  /**
   * Errors the route answers beyond the ones its declaration implies (400 for inputs, 401/403 for
   * access, 429 for a rate limit, which are added by themselves).
   */
  errors?: readonly ErrorStatus[];
  rateLimit?: RateLimit;
  /** The 401's message for a caller without a session, when the spec words it (access 'user' or 'admin'). */
  signInMessage?: string;
  /** Cache-Control of the success answer; signed-in answers default to `private, no-store`. */
  cache?: string;
  /** GET answers with an ETag that may be answered 304 Not Modified. */
  conditional?: boolean;
  /**
   * The handler sends prepared bytes (a cached JSON answer) rather than an object: the body is
   * still the declared response, and tests parse it with the schema like any other.
   */
  raw?: boolean;
}

/** A module's route table. `as const`-like inference keeps every literal (method, path, status). */
export function defineRoutes<const T extends Record<string, RouteContract>>(table: T): T {
  return table;
}

/**
 * A route's method and path without its schemas, typed by its contract: for the few reads every
 * page makes on its first load, so that Zod (the schemas) stays out of the landing page's bundle.
 * The contract is named as a type only, and a method or path that differs from it fails the
 * typecheck: `routeRef<typeof accountsApi.session>({ method: 'get', path: '/session' })`.
 */
export interface RouteRef<C extends RouteContract> {
  readonly method: C['method'];
  readonly path: C['path'];
  /** Never set: carries the contract's type to `call`. */
  readonly contract?: C;
}
export const routeRef = <C extends RouteContract>(ref: { method: C['method']; path: C['path'] }): RouteRef<C> => ref;

/** What a route answers on success. */
export type ResponseOf<C extends RouteContract> = z.output<C['response']>;

/** What a caller passes: params, query and body as their schemas accept them. */
export type InputOf<C extends RouteContract> = (C['params'] extends z.ZodType ? { params: z.input<C['params']> } : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: z.input<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: z.input<C['body']> } : { body?: undefined }) &
  (C['form'] extends z.ZodType ? { form: FormData } : { form?: undefined });

/** The concrete URL of a call, relative to the site: /api/... with params and query filled in. */
export function urlOf(contract: Pick<RouteContract, 'path'>, input: { params?: object; query?: object } = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = contract.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name} for ${contract.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const qs = search.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}
