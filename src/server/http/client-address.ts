import { isIP } from 'node:net';

/**
 * The client's address behind `hops` trusted reverse proxies, by the rules of the well-known
 * proxy-addr package (Express's `trust proxy` with a number).
 *
 * The chain is [X-Forwarded-For entries..., socket address]. Each proxy appends the address it
 * received the request from, so only the right end of the header was written by proxies we
 * trust; anything to the left was written by the client and is worthless. The socket address is
 * the first trusted hop; with `hops` N the client is the entry N places to the left of it. When
 * the chain is shorter, the left-most entry is the best we have.
 *
 * An entry that is not an IP address (a broken or misconfigured proxy) is not used: the nearest
 * valid address to its right, which is closer to us and so more trustworthy, stands in for it.
 * Addresses come back normalised (no port or brackets, IPv4-mapped IPv6 as IPv4, lowercase).
 */
export function clientAddress(forwardedFor: string | null | undefined, socketAddress: string | null | undefined, hops: number): string {
  const socket = normalizeAddress(socketAddress ?? '') ?? 'unknown';
  const entries = forwardedFor && forwardedFor.trim() !== '' ? forwardedFor.split(',') : [];
  let best = socket;
  const stop = Math.max(0, entries.length - hops);
  for (let i = entries.length - 1; i >= stop; i--) {
    const address = normalizeAddress(entries[i]!);
    if (address) best = address;
  }
  return best;
}

/** An IP address as one key for it, or null when the text is not one. */
export function normalizeAddress(text: string): string | null {
  let value = text.trim();
  if (value === '') return null;
  // [v6]:port and [v6]
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  // v4:port
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  // A zone index (fe80::1%eth0) names an interface of the proxy, not part of the address.
  const zone = value.indexOf('%');
  if (zone !== -1) value = value.slice(0, zone);
  const family = isIP(value);
  if (family === 4) return value;
  if (family !== 6) return null;
  value = value.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  return mapped ? mapped[1]! : value;
}

/** Loopback: 127.0.0.0/8 and ::1 (also as IPv4-mapped). */
export function isLoopback(address: string | null | undefined): boolean {
  const normal = normalizeAddress(address ?? '');
  if (!normal) return false;
  return normal === '::1' || /^127\./.test(normal);
}
