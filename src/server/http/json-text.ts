import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

const MIN_BYTES = 1024;
const MAX_ENTRIES = 2000;
/** gzip of JSON texts that are sent again and again (cached catalogue answers), keyed by the text. */
const gzipped = new Map<string, Uint8Array<ArrayBuffer>>();

function acceptsGzip(c: Context): boolean {
  // The raw Node request when there is one: c.req.header() would build a whole Headers object.
  const raw = (c.env as { incoming?: { headers: Record<string, string | string[] | undefined> } } | undefined)?.incoming;
  const value = raw ? raw.headers['accept-encoding'] : c.req.header('accept-encoding');
  return typeof value === 'string' && value.includes('gzip');
}

function gzipOf(text: string): Uint8Array<ArrayBuffer> {
  let body = gzipped.get(text);
  if (!body) {
    body = new Uint8Array(gzipSync(text, { level: 6 }));
    if (gzipped.size >= MAX_ENTRIES) gzipped.delete(gzipped.keys().next().value!);
    gzipped.set(text, body);
  }
  return body;
}

/**
 * Sends JSON that is already text. Large answers go gzipped when the client accepts it, compressed
 * once per distinct text: the same cached text object is sent many times.
 */
export function sendJsonText(c: Context, text: string, headers: Record<string, string> = {}) {
  const base = { 'Content-Type': 'application/json; charset=UTF-8', Vary: 'Accept-Encoding', ...headers };
  if (text.length >= MIN_BYTES && acceptsGzip(c)) return c.body(gzipOf(text), 200, { ...base, 'Content-Encoding': 'gzip' });
  return c.body(text, 200, base);
}
