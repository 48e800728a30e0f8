import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Config } from '../config';
import type { Logger } from '../logger';
import type { HealthProbe } from '../modules/health/probe';
import { type PublicAnswers, writeAnswer } from './public-answers';
import { securityHeaderList } from './security';
import { isApiDocsUrl, type WebAssets } from './web-app';

/**
 * The Node HTTP server around the app. Security headers are set here, on the raw response, so that
 * every answer carries them (API, static files, Better Auth, errors, 404s) at almost no cost; a
 * route that sends its own value of one of them (the sandboxed mail preview) overrides it, because
 * headers given to writeHead take precedence over setHeader's.
 */
export const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function createHttpServer(app: Pick<Hono, 'fetch'>, config: Pick<Config, 'isProduction'> & { storage?: Config['storage'] }, front?: FrontDoor): http.Server {
  // Avatars in an S3 bucket with its own public URL are images of another origin.
  const s3PublicUrl = config.storage?.s3?.publicUrl;
  const pageHeaders = securityHeaderList({ hsts: config.isProduction, imgSources: s3PublicUrl ? [new URL(s3PublicUrl).origin] : [] });
  const apiHeaders = securityHeaderList({ hsts: config.isProduction, api: true });
  const listener = getRequestListener(app.fetch);
  const server = http.createServer((req, res) => {
    // The API reference at /api/docs is a page (its scripts and styles must load), not an API answer.
    const url = req.url ?? '/';
    for (const [name, value] of url.startsWith('/api/') && !isApiDocsUrl(url) ? apiHeaders : pageHeaders) res.setHeader(name, value);
    // The request id is settled here too, so the app reads it as a header and never has to touch
    // the response's headers itself (which would cost Node a full Headers object per request).
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    if (front && answerAtFrontDoor(front, req, res, id)) return;
    if (front?.routes && answerByFrontRoute(front, req, res, id, () => void listener(req, res))) return;
    void listener(req, res);
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * What is answered before the API stack: static files and client routes (the bulk of the
 * traffic, needing none of the API's middleware); the health check, which must stay cheap
 * and answer even when the app is saturated, as a load balancer expects; and public answers a
 * route has already given for the same URL (cached catalogue GETs, the same for everyone, with
 * ETag/304) until they expire. All still get the security headers and the request id above, and
 * one log line.
 */
export interface FrontDoor {
  logger: Logger;
  assets?: WebAssets;
  health?: HealthProbe;
  publicAnswers?: PublicAnswers;
  /** Per-request API answers read so often that the router's cost counts (decision 010). */
  routes?: FrontRoute[];
  /**
   * A client route whose index.html carries the viewer's data (ADR 076: the profile pages). Undefined
   * for a path that is not its own, which then gets the plain index.html.
   */
  page?: (req: http.IncomingMessage, res: http.ServerResponse, pathname: string) => Promise<number> | undefined;
}

/**
 * An API read answered before the router, by the same service function as its route. It returns
 * undefined, synchronously, for a request that is not its own. Otherwise it returns the status it
 * wrote, or null to leave the request to the app, whose route answers it: not found, an error, or
 * anything unusual.
 */
export type FrontRoute = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<number | null> | undefined;

function answerByFrontRoute(front: FrontDoor, req: http.IncomingMessage, res: http.ServerResponse, reqId: string, toApp: () => void): boolean {
  if (req.method !== 'GET' || req.url?.includes('//')) return false;
  for (const route of front.routes!) {
    const started = performance.now();
    const answer = route(req, res);
    if (!answer) continue;
    answer.then(
      (status) => (status === null ? toApp() : logLine(front.logger, reqId, req.method, req.url ?? '', status, started)),
      // Nothing was written: the app's route answers, with its own error handling.
      () => toApp(),
    );
    return true;
  }
  return false;
}

function answerAtFrontDoor(front: FrontDoor, req: http.IncomingMessage, res: http.ServerResponse, reqId: string): boolean {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const started = performance.now();
  if (pathname === '/api/health' && req.method === 'GET' && front.health) {
    void front.health.check().then((state) => {
      const code = state.status === 'ok' ? 200 : 503;
      res.writeHead(code, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(state));
      logLine(front.logger, reqId, req.method, pathname, code, started);
    });
    return true;
  }
  if (pathname.includes('//')) return false; // the app redirects these
  if (front.publicAnswers && req.method === 'GET') {
    const answer = front.publicAnswers.lookup(url);
    if (answer) {
      logLine(front.logger, reqId, req.method, pathname, writeAnswer(answer, req, res), started);
      return true;
    }
  }
  const asset = front.assets?.lookup(req.method, pathname);
  if (!asset) return false;
  const page = front.page && front.assets!.isIndex(asset) ? front.page(req, res, pathname) : undefined;
  if (page) {
    void page.then(
      (status) => logLine(front.logger, reqId, req.method, pathname, status, started),
      (error: unknown) => {
        front.logger.error({ err: error, reqId, path: pathname }, 'page failed');
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end();
      },
    );
    return true;
  }
  const status = front.assets!.send(asset, req, res);
  logLine(front.logger, reqId, req.method, pathname, status, started);
  return true;
}

function logLine(logger: Logger, reqId: string, method: string | undefined, path: string, status: number, started: number) {
  if (logger.isLevelEnabled('info')) logger.info({ reqId, method, path, status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
}
