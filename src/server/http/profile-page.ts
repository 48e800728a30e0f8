import type http from 'node:http';
import { RESERVED_USERNAMES } from '../../shared/accounts';
import { BOOT_DATA_ID, type BootData, type BootProfileTarget } from '../../shared/boot-data';
import { PROFILE_CACHE_CONTROL } from '../../shared/profiles';
import type { AppDeps } from '../deps';
import { sessionView } from '../modules/accounts/service';
import { resolveSession } from '../modules/accounts/session';
import { viewProfileForRequest } from '../modules/profiles/service';
import type { Logger } from '../logger';
import type { PageRenderer } from './page-renderer';
import type { WebAssets } from './web-app';

/** The source module of the profile pages' lazy route (its key in Vite's manifest). */
export const PROFILE_ROUTE_SOURCE = 'app/pages/profile-route.tsx';

// The client's shapes (app/pages/profile-route.tsx): /{username} and /profile/{id}.
const USERNAME_PATH = /^\/([A-Za-z_][A-Za-z0-9_]{2,49})$/;
const ID_PATH = /^\/profile\/([A-Za-z0-9_-]{1,64})$/;

/** Which profile a page path shows, or undefined for any other page. */
export function profilePageTarget(pathname: string): BootProfileTarget | undefined {
  const byName = USERNAME_PATH.exec(pathname);
  if (byName) return RESERVED_USERNAMES.has(byName[1]!.toLowerCase()) ? undefined : { username: byName[1]! };
  const byId = ID_PATH.exec(pathname);
  return byId ? { id: byId[1]! } : undefined;
}

/** JSON that is safe inside a <script> element: no `<` can close it or open a comment. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const headersOf = (req: http.IncomingMessage): Pick<Headers, 'get'> => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return typeof value === 'string' ? value : null;
  },
});

/**
 * A profile page (/{username}, /profile/{id}) in one round trip (ADR 076): its index.html names the
 * route's chunks (`modulepreload`, fetched beside the entry instead of after it) and carries what the
 * page's first two API reads would answer this viewer: GET /api/session and the profile, computed by
 * the very functions of those routes from this request's cookies, so the HTML holds nothing the
 * viewer could not read from the API (a private profile, hidden favorites, a blocking owner: the
 * same view or none). With `render` (the web app's server renderer, ADR 094) the page's markup is
 * drawn from that data alone and comes in the HTML, for the browser to paint before any script and
 * then hydrate. Per viewer, so the page is `private, no-store` like the profile API's answer.
 * Returns undefined for any other path; on a failure it serves the plain index.html, and when only
 * the drawing fails, the page with its data and no markup.
 */
export function profilePage(deps: AppDeps, assets: WebAssets, logger: Logger, render?: PageRenderer) {
  const chunks = assets.chunksOf(PROFILE_ROUTE_SOURCE);
  const preloads = chunks.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  const draw = assets.drawable ? render : undefined;
  const markupOf = async (pathname: string, data: BootData): Promise<string | undefined> => {
    if (!draw) return undefined;
    try {
      // The path matched profilePageTarget's shapes (letters, digits, _ and -): nothing to escape.
      return await draw(`http://reelmates.invalid${pathname}`, data);
    } catch (error) {
      logger.warn({ err: error, path: pathname }, 'profile page markup failed; the page is drawn by the browser');
      return undefined;
    }
  };
  return (req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<number> | undefined => {
    if (req.method !== 'GET') return undefined;
    const target = profilePageTarget(pathname);
    if (!target) return undefined;
    const headers = headersOf(req);
    return Promise.all([resolveSession(deps, headers).then((viewer) => sessionView(deps, viewer)), viewProfileForRequest(deps, target, headers)]).then(
      async ([session, view]) => {
        const data: BootData = { session, ...(view ? { profile: { target, view } } : {}) };
        // /profile/{id} is for members: the client sends a guest on to /auth, so there is nothing to draw.
        const markup = 'id' in target && !session.user ? undefined : await markupOf(pathname, data);
        const bootData = `<script type="application/json" id="${BOOT_DATA_ID}">${scriptJson(data)}</script>`;
        // A drawn page asks for its chunks once painted (ADR 094); otherwise they load beside the entry.
        if (markup) return assets.sendIndexWith(bootData, PROFILE_CACHE_CONTROL, req, res, { markup, chunks });
        return assets.sendIndexWith(`${preloads}${bootData}`, PROFILE_CACHE_CONTROL, req, res);
      },
      (error: unknown) => {
        logger.warn({ err: error, path: pathname }, 'profile page data failed; the plain page is served');
        return assets.sendIndexWith(preloads, PROFILE_CACHE_CONTROL, req, res);
      },
    );
  };
}
