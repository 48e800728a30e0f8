import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
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

export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function rateLimitByIp(limiter: MemoryRateLimiter, trustProxy: boolean, message: string): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.take(clientIp(c, trustProxy));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return errorResponse(c, 429, 'rate_limited', message);
    }
    return next();
  };
}
