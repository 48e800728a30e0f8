import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

const GZIP_MIN_BYTES = 1024;
const JSON_TYPE = 'application/json; charset=UTF-8';

/**
 * A public JSON answer ready to be written again and again: its bytes plain and gzipped (from 1 KB),
 * a validator, and the moment it stops being fresh. Built once per cached value, so a repeated
 * request costs no serialising, hashing or compressing.
 */
export interface ReadyAnswer {
  plain: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  /** Weak: the gzipped and plain bytes are the same JSON. */
  etag: string;
  cacheControl: string;
  expiresAt: number;
}

export function readyJson(text: string, cacheControl: string, ttlMs: number): ReadyAnswer {
  const plain = new Uint8Array(Buffer.from(text));
  return {
    plain,
    gzip: plain.length >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(plain, { level: 6 })) : null,
    etag: `W/"${createHash('sha1').update(plain).digest('base64url').slice(0, 22)}"`,
    cacheControl,
    expiresAt: Date.now() + ttlMs,
  };
}

/**
 * Ready answers by the exact request URL (path and query as received), for the front door
 * (http/server.ts) to send before the API stack. Only answers that are the same for everyone go in
 * (the catalogue's: no session, no per-user data); a module puts one in after its route answered
 * that URL with 200, so validation has already happened. An entry leaves when its answer expires,
 * and the oldest leave beyond maxEntries (unknown query parameters make new URLs, so it is bounded).
 */
export class PublicAnswers {
  private readonly entries = new Map<string, ReadyAnswer>();

  constructor(private readonly maxEntries = 2000) {}

  get size() {
    return this.entries.size;
  }

  remember(url: string, answer: ReadyAnswer) {
    if (answer.expiresAt <= Date.now()) return; // a stale answer served while the upstream fails
    this.entries.delete(url);
    this.entries.set(url, answer);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  lookup(url: string): ReadyAnswer | undefined {
    const answer = this.entries.get(url);
    if (answer && answer.expiresAt <= Date.now()) {
      this.entries.delete(url);
      return undefined;
    }
    return answer;
  }
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(2); // weak comparison, as RFC 9110 asks for If-None-Match
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === bare;
  });
}

const acceptsGzip = (value: string | string[] | undefined) => typeof value === 'string' && value.includes('gzip');

/** Status, headers and body for a request with these headers. */
function choose(answer: ReadyAnswer, headers: IncomingHttpHeaders) {
  const base: Record<string, string> = { 'Cache-Control': answer.cacheControl, ETag: answer.etag, Vary: 'Accept-Encoding' };
  if (matchesEtag(headers['if-none-match'], answer.etag)) return { status: 304 as const, headers: base, body: null };
  const gzip = answer.gzip !== null && acceptsGzip(headers['accept-encoding']);
  const body = gzip ? answer.gzip! : answer.plain;
  return { status: 200 as const, headers: { ...base, 'Content-Type': JSON_TYPE, ...(gzip ? { 'Content-Encoding': 'gzip' } : {}) }, body };
}

/** At the front door: writes the answer on the raw response; returns the status. */
export function writeAnswer(answer: ReadyAnswer, req: IncomingMessage, res: ServerResponse): number {
  const { status, headers, body } = choose(answer, req.headers);
  res.writeHead(status, body ? { ...headers, 'Content-Length': body.length } : headers);
  res.end(body && req.method !== 'HEAD' ? body : undefined);
  return status;
}

/** The raw Node request behind a Hono context, when there is one (not in app.request() tests). */
export function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/** In a route: the same answer as writeAnswer gives. */
export function sendAnswer(c: Context, answer: ReadyAnswer) {
  // The raw Node headers when there are some: c.req.header() would build a whole Headers object.
  const raw = incomingOf(c)?.headers ?? { 'if-none-match': c.req.header('if-none-match'), 'accept-encoding': c.req.header('accept-encoding') };
  const chosen = choose(answer, raw);
  return chosen.body ? c.body(chosen.body, 200, chosen.headers) : c.body(null, 304, chosen.headers);
}
