import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { clientAddress, normalizeAddress } from './client-address';

/*
 * The client address that per-address limits count by. The limits themselves are kept in the
 * database (db-rate-limit.ts; declared per route as `rateLimit` in src/shared/api), so N
 * instances give exactly the nominal limit and a restart resets nothing.
 */

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
