import type { z } from 'zod';
import type { RouteContract } from '../../shared/api/contract';

/** A GET route of a table whose path has params, as the front door matches it. */
type Matchable<P extends z.ZodObject> = Pick<RouteContract, 'method' | 'path'> & { params: P };

/**
 * Compiles a route's contract (its path, `/profiles/{id}` relative to /api, and its params schema)
 * into a matcher of raw request URLs as Node gives them (`req.url`), for a front route (server.ts
 * `FrontRoute`): it returns the params parsed by the contract's schema when the URL is exactly that
 * path, and undefined for anything else, which the front route then leaves to the router:
 *
 * - a query string, a trailing slash, an extra or a missing segment;
 * - a param that is not valid percent-encoding, or whose decoded value the schema refuses (too long,
 *   U+0000 from `%00`, empty);
 * - what URL parsing would change before the router sees it: a dot segment (`..`, `%2e%2e`), a
 *   backslash (read as a slash), a control character or a space;
 * - a literal segment written with percent-escapes (`/api/profile%73/x`): the router decodes it,
 *   the matcher does not, so such a request is the router's.
 *
 * Params are decoded with decodeURIComponent, as Hono decodes them (`%2F` gives a `/` inside the
 * param, not a new segment). So whatever the matcher accepts, the route would have accepted with the
 * same params; front-match.test.ts checks this against Hono itself.
 */
export function frontMatcher<P extends z.ZodObject>(contract: Matchable<P>): (url: string) => z.output<P> | undefined {
  if (contract.method !== 'get') throw new Error(`front routes answer GETs only: ${contract.method} ${contract.path}`);
  const full = `/api${contract.path}`;
  const names: string[] = [];
  const source = full
    .split('/')
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      if (param) {
        names.push(param[1]!);
        // No slash, query or fragment; no backslash or control character, which URL parsing
        // turns into a slash or drops before the router sees the path.
        return String.raw`([^/?#\\\x00-\x20\x7f]+)`;
      }
      if (/[{}]/.test(segment)) throw new Error(`a param must be a whole segment: ${contract.path}`);
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  const pattern = new RegExp(`^${source}$`);
  // A cheap test first: most requests passing by are not this route's.
  const brace = full.indexOf('{');
  const prefix = brace === -1 ? full : full.slice(0, brace);
  const schema = contract.params;
  return (url) => {
    if (!url.startsWith(prefix)) return undefined;
    const match = pattern.exec(url);
    if (!match) return undefined;
    const raw: Record<string, string> = {};
    for (let i = 0; i < names.length; i++) {
      const value = match[i + 1]!;
      if (!value.includes('%')) {
        if (value === '.' || value === '..') return undefined;
        raw[names[i]!] = value;
        continue;
      }
      try {
        raw[names[i]!] = decodeURIComponent(value);
      } catch {
        return undefined;
      }
      // %2e%2e is a dot segment to URL parsing: the router sees another path.
      if (raw[names[i]!] === '.' || raw[names[i]!] === '..') return undefined;
    }
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : undefined;
  };
}
