import type { Context, MiddlewareHandler } from 'hono';
import { NUL_MESSAGE } from '../../shared/text';
import type { AppEnv } from './context';
import { errorResponse } from './errors';

/** A NUL in the request target or a form-encoded body: percent-encoded (a raw one never gets past the URL parser). */
const hasNul = (s: string) => s.includes('%00') || s.includes('\u0000');
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * Refuses, with 400 validation_failed, any /api request that carries U+0000 in its path, its query
 * or the strings of its body (JSON, form-encoded or multipart text fields). PostgreSQL cannot store
 * a NUL in text, so one reaching a query failed it with a 500; checking here covers every route at
 * once, Better Auth's included, before any of them reads its input. The route schemas refuse it
 * too (shared/text.ts). GETs cost one substring search of the URL and stay synchronous.
 */
export function nulGuard(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (hasNul(c.req.url)) return Promise.resolve(refuse(c, targetDetails(c.req.url)));
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return checkBody(c, next);
  };
}

function refuse(c: Context, details?: Record<string, string[]>) {
  return errorResponse(c, 400, 'validation_failed', NUL_MESSAGE, details);
}

/** Names the query parameters holding a NUL; a NUL in the path gets no details. */
function targetDetails(url: string): Record<string, string[]> | undefined {
  const q = url.indexOf('?');
  if (q === -1) return undefined;
  const names = [...new URLSearchParams(url.slice(q + 1))].filter(([k, v]) => k.includes('\u0000') || v.includes('\u0000')).map(([k]) => k);
  return names.length ? Object.fromEntries(names.map((k) => [k, [NUL_MESSAGE]])) : undefined;
}

async function checkBody(c: Context<AppEnv>, next: () => Promise<void>) {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  // Read from a clone: the route (or Better Auth, which is handed the raw request) reads the body itself.
  if (JSON_TYPE.test(type)) {
    const body = await c.req.raw.clone().text();
    // In JSON a NUL can only be written as \u0000; parse only then, to name the field and not to
    // refuse a text that merely shows the escape. Malformed JSON is left to the route's own answer.
    if (body.includes('\\u0000')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return next();
      }
      const at = nulAt(parsed);
      if (at) return refuse(c, { [at.join('.') || '_']: [NUL_MESSAGE] });
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    if (hasNul(await c.req.raw.clone().text())) return refuse(c);
  } else if (type.includes('multipart/form-data') && c.req.path !== '/api/me/avatar') {
    // (The avatar upload reads its one file and nothing else; its image is checked by content.)
    let form: FormData;
    try {
      form = await c.req.raw.clone().formData();
    } catch {
      return next();
    }
    for (const [name, value] of form) if (typeof value === 'string' && (value.includes('\u0000') || name.includes('\u0000'))) return refuse(c, { [name]: [NUL_MESSAGE] });
  }
  return next();
}

/** The path of the first string (or key) holding a NUL, or null. */
function nulAt(value: unknown, at: string[] = []): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulAt(value[i], [...at, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return [...at, k];
      const found = nulAt(v, [...at, k]);
      if (found) return found;
    }
  }
  return null;
}
