import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Config } from '../config';
import { securityHeaderList } from './security';

/**
 * The Node HTTP server around the app. Security headers are set here, on the raw response, so that
 * every answer carries them (API, static files, Better Auth, errors, 404s) at almost no cost; a
 * route that sends its own value of one of them (the sandboxed mail preview) overrides it, because
 * headers given to writeHead take precedence over setHeader's.
 */
export const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function createHttpServer(app: Pick<Hono, 'fetch'>, config: Pick<Config, 'isProduction'>): http.Server {
  const pageHeaders = securityHeaderList({ hsts: config.isProduction });
  const apiHeaders = securityHeaderList({ hsts: config.isProduction, api: true });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => {
    for (const [name, value] of req.url?.startsWith('/api/') ? apiHeaders : pageHeaders) res.setHeader(name, value);
    // The request id is settled here too, so the app reads it as a header and never has to touch
    // the response's headers itself (which would cost Node a full Headers object per request).
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    void listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  return server;
}
