import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/** dist/web, found from this file whether it runs bundled (dist/server) or from source. */
export function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'dist', 'web');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    dir = path.dirname(dir);
  }
  return undefined;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year (precompressed .br/.gz when the client
 * accepts them), other public files for an hour, and index.html, kept in memory, for every client
 * route so that deep links and reloads work.
 */
export function mountWebApp(app: Hono<AppEnv>, distDir: string) {
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'));
  const indexGz = gzipSync(indexHtml);

  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('Cache-Control', IMMUTABLE);
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      rewriteRequestPath: (p) => (p === '/' || p.endsWith('.html') ? '/__none__' : p),
      onFound: (_p, c) => {
        c.header('Cache-Control', 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'text/html; charset=utf-8');
    c.header('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(indexGz);
    }
    return c.body(indexHtml);
  });
}
