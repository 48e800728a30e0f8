import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import type { AppEnv, RequestLogger } from './context';
import { VALID_REQUEST_ID } from './server';

/**
 * A logger that stamps every line with the request id. Cheaper than a pino child per request,
 * which matters on the hot paths (health, static files) that only log their one request line.
 */
function requestLogger(root: Logger, reqId: string): RequestLogger {
  const at = (level: 'debug' | 'info' | 'warn' | 'error') => (fields: object | string, msg?: string) =>
    typeof fields === 'string' ? root[level]({ reqId }, fields) : root[level]({ reqId, ...fields }, msg);
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A path as it may be logged: Better Auth's reset links carry the reset token in the path. */
export function loggedPath(path: string): string {
  return path.startsWith('/api/auth/reset-password/') ? '/api/auth/reset-password/[redacted]' : path;
}

/** Gives each request an id (kept from X-Request-Id when sane) and logs one JSON line when it ends. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Behind createHttpServer the id is already settled and echoed, and read from the raw Node
    // request (c.req.header would build a whole Headers object); in-process (tests) we make one.
    const raw = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)?.incoming;
    const incoming = raw ? (raw.headers['x-request-id'] as string | undefined) : c.req.header('x-request-id');
    const reqId = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const log = requestLogger(logger, reqId);
    c.set('requestId', reqId);
    c.set('logger', log);
    const started = performance.now();
    await next();
    if (!logger.isLevelEnabled('info') && c.res.status < 500) return;
    const status = c.res.status;
    const line = { method: c.req.method, path: loggedPath(c.req.path), status, ms: Math.round((performance.now() - started) * 10) / 10 };
    if (status >= 500) log.error(line, 'request');
    else log.info(line, 'request');
  };
}
