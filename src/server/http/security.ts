import type { MiddlewareHandler } from 'hono';
import { errorResponse } from './errors';

/**
 * The web app's Content-Security-Policy allows no inline script: its only scripts are our own
 * hashed bundles. Inline style attributes are allowed because Radix and sonner position elements
 * with them. TMDB's image host is allowed for posters when the real catalogue is configured, and
 * `imgSources` adds the public origin of an S3 bucket that serves avatars.
 */
const pageCsp = (imgSources: string[] = []) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https://image.tmdb.org", ...imgSources].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');

/** API answers are data, never documents: nothing in them may load or run, nor be framed. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers for pages and static files; API answers get the stricter, shorter set below. */
export function securityHeaderList(options: { hsts: boolean; api?: boolean; imgSources?: string[] }): [string, string][] {
  const headers: [string, string][] = options.api
    ? [
        ['Content-Security-Policy', API_CSP],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Cross-Origin-Resource-Policy', 'same-origin'],
      ]
    : [
        ['Content-Security-Policy', pageCsp(options.imgSources)],
        ['X-Content-Type-Options', 'nosniff'],
        ['X-Frame-Options', 'DENY'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Cross-Origin-Opener-Policy', 'same-origin'],
        ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
      ];
  if (options.hsts) headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another origin (CSRF). Browsers send
 * Origin on every POST/PUT/PATCH/DELETE; Sec-Fetch-Site covers the rest. Requests with neither
 * come from non-browser clients, which carry no ambient cookies of a victim. `exempt` path prefixes
 * are routes that read no cookie at all and are meant to be called from anywhere: the one-click
 * unsubscribe, whose signed token in the path is its only credential (a webmail may POST it from
 * its own page).
 */
export function sameOriginGuard(appUrl: string | undefined, exempt: readonly string[] = []): MiddlewareHandler {
  const allowed = appUrl ? new URL(appUrl).origin : undefined;
  // Not async: a GET passes straight through without a promise of its own.
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (exempt.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    let ok = true;
    if (origin && origin !== 'null') {
      const own = allowed ?? new URL(c.req.url).origin;
      const host = c.req.header('host');
      ok = origin === own || (!allowed && !!host && safeHost(origin) === host);
    } else if (origin === 'null') {
      ok = false;
    } else if (site) {
      ok = site === 'same-origin' || site === 'none';
    }
    if (!ok) return Promise.resolve(errorResponse(c, 403, 'cross_origin', 'Cross-origin requests are not allowed.'));
    return next();
  };
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
