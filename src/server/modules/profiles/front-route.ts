import type http from 'node:http';
import { profilesApi } from '../../../shared/api/profiles';
import type { AppDeps } from '../../deps';
import { frontMatcher } from '../../http/front-match';
import type { FrontRoute } from '../../http/server';
import { viewProfileForRequest } from './service';

// The routes' own paths and params (src/shared/api/profiles.ts); anything else, a query string
// included, is left to them.
const byUsername = frontMatcher(profilesApi.byUsername);
const byId = frontMatcher(profilesApi.byId);
const CACHE_CONTROL = profilesApi.byId.cache;

/** The request's headers as the session lookup reads them, straight from Node's parsed headers. */
function headersOf(req: http.IncomingMessage): Pick<Headers, 'get'> {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === 'string' ? value : null;
    },
  };
}

/**
 * GET /api/profiles/{id} and /api/profiles/by-username/{username} at the front door (decision 010):
 * the most read per-user answer, computed by the same viewProfileForRequest as the routes, with the
 * same headers and body. Under load the router, its middleware and the Request/Response objects
 * were about 40% of the server's CPU for this answer. A profile that is not found (404) or a
 * failure is left to the route, which answers it in the API's error shape.
 */
export function profileFrontRoute(deps: AppDeps): FrontRoute {
  return (req, res) => {
    const url = req.url ?? '';
    const where = byUsername(url) ?? byId(url);
    if (!where) return undefined;
    return viewProfileForRequest(deps, where, headersOf(req)).then((profile) => {
      if (!profile) return null;
      const body = JSON.stringify(profile);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': CACHE_CONTROL, 'Content-Length': Buffer.byteLength(body) });
      res.end(body);
      return 200;
    });
  };
}
