import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientAddress, normalizeAddress } from './client-address';
import { errorResponse } from './errors';

/**
 * A fixed-window limiter kept in this process's memory. It protects cheap abuse paths (forms);
 * limits that must hold across instances (sign-in) live in the database instead.
 */
export class MemoryRateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Returns the seconds to wait when the key is over its limit, else 0. */
  take(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 10_000) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count++;
    return entry.count > this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}

/** What clientIp needs to know about the proxies in front of us (see config: TRUST_PROXY, TRUST_PROXY_HOPS). */
export interface ProxyTrust {
  trustProxy: boolean;
  trustProxyHops: number;
}

/** The socket's peer address, as @hono/node-server gives it; undefined in-process (app.request without env). */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * The address per-address limits count by: the socket's peer, or behind TRUST_PROXY the entry
 * of X-Forwarded-For that the outermost trusted proxy appended (clientAddress), never the
 * left-most one, which the client writes.
 */
export function clientIp(c: Context, proxy: ProxyTrust): string {
  const socket = socketAddress(c);
  if (!proxy.trustProxy) return normalizeAddress(socket ?? '') ?? 'unknown';
  return clientAddress(c.req.header('x-forwarded-for'), socket, proxy.trustProxyHops);
}

export function rateLimitByIp(limiter: MemoryRateLimiter, proxy: ProxyTrust, message: string): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.take(clientIp(c, proxy));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return errorResponse(c, 429, 'rate_limited', message);
    }
    return next();
  };
}
