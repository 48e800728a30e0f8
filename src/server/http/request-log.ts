import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppEnv } from './context';

const VALID_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives each request an id (kept from X-Request-Id when sane) and logs one JSON line when it ends. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    const child = logger.child({ reqId: requestId });
    c.set('requestId', requestId);
    c.set('logger', child);
    const started = performance.now();
    await next();
    c.res.headers.set('X-Request-Id', requestId);
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, ms: Math.round((performance.now() - started) * 10) / 10 };
    if (status >= 500) child.error(line, 'request');
    else child.info(line, 'request');
  };
}
