import http from 'node:http';
import { Readable } from 'node:stream';

export interface HttpInit {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON body (sets content-type). */
  json?: unknown;
  /** A form body (multipart, with its boundary). */
  form?: FormData;
  /**
   * The loopback address the client connects from (127.0.0.2, 127.0.0.3, ...): through the proxy
   * each is a client address of its own, as nginx records it in X-Forwarded-For.
   */
  from?: string;
}

/**
 * One HTTP request over a fresh connection, answered as a web `Response` (streamed, so an event
 * stream can be read as it arrives). node:http rather than fetch, because fetch cannot choose the
 * local address; no cookies, redirects or Origin are added: the test writes every header.
 */
export async function request(url: string, init: HttpInit = {}): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  let body: Buffer | undefined;
  if (init.json !== undefined) {
    body = Buffer.from(JSON.stringify(init.json));
    headers['content-type'] = 'application/json';
  } else if (init.form) {
    const encoded = new Request('http://localhost/', { method: 'POST', body: init.form });
    body = Buffer.from(await encoded.arrayBuffer());
    headers['content-type'] = encoded.headers.get('content-type')!;
  }
  if (body) headers['content-length'] = String(body.length);
  const target = new URL(url);
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method: init.method ?? 'GET', headers, localAddress: init.from, agent: false },
      (res) => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) answer.append(name, one);
        }
        const status = res.statusCode ?? 500;
        const empty = status === 204 || status === 304 || init.method === 'HEAD';
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, headers: answer }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
