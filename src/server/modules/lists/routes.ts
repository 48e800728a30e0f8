import { listsApi } from '../../../shared/api/lists';
import type { AppDeps } from '../../deps';
import { errorResponse, errors, handleError } from '../../http/errors';
import { CatalogueUnavailableError } from '../../integrations/catalogue';
import { currentUser, routeTable } from '../accounts/guards';
import { favoriteCount, profileList, sharedFavorites } from './profile-lists';
import * as lists from './service';

/** The handlers of src/shared/api/lists.ts; events and notifications start in the service. */
export function listRoutes(deps: AppDeps) {
  const router = routeTable(deps, listsApi, {
    mine: async (c) => c.json(await lists.myLists(deps, c.get('user').id), 200),
    addFavorite: async (c) => {
      const { mediaType, mediaId, rating } = c.req.valid('json');
      const result = await lists.addFavorite(deps, c.get('user'), { mediaType, mediaId }, rating);
      return result.created ? c.json(result, 201) : c.json(result, 200);
    },
    updateRating: async (c) => {
      const { type, id } = c.req.valid('param');
      return c.json(await lists.updateRating(deps, c.get('user').id, { mediaType: type, mediaId: id }, c.req.valid('json').rating), 200);
    },
    removeFavorite: async (c) => {
      const { type, id } = c.req.valid('param');
      await lists.removeFavorite(deps, c.get('user').id, { mediaType: type, mediaId: id });
      return c.json({ ok: true as const }, 200);
    },
    clearFavorites: async (c) => c.json({ removed: await lists.clearFavorites(deps, c.get('user').id) }, 200),
    addWatchlist: async (c) => c.json(await lists.addToWatchlist(deps, c.get('user').id, c.req.valid('json')), 201),
    removeWatchlist: async (c) => {
      const { type, id } = c.req.valid('param');
      await lists.removeFromWatchlist(deps, c.get('user').id, { mediaType: type, mediaId: id });
      return c.json({ ok: true as const }, 200);
    },
    clearWatchlist: async (c) => c.json({ removed: await lists.clearWatchlist(deps, c.get('user').id) }, 200),
    setWatching: async (c) => c.json(await lists.setCurrentlyWatching(deps, c.get('user').id, c.req.valid('json')), 200),
    clearWatching: async (c) => {
      await lists.clearCurrentlyWatching(deps, c.get('user').id);
      return c.json({ ok: true as const }, 200);
    },
    favoriteCount: async (c) => {
      const { type, id } = c.req.valid('param');
      return c.json({ count: await favoriteCount(deps, type, id) }, 200);
    },
    profileFavorites: async (c) => {
      const viewer = await currentUser(deps, c);
      const list = await profileList(deps, c.req.valid('param').id, viewer?.id ?? null, 'favorites');
      if (!list) throw errors.notFound('Profile not found');
      return c.json(list, 200);
    },
    profileWatchlist: async (c) => {
      const viewer = await currentUser(deps, c);
      const list = await profileList(deps, c.req.valid('param').id, viewer?.id ?? null, 'watchlist');
      if (!list) throw errors.notFound('Profile not found');
      return c.json(list, 200);
    },
    sharedFavorites: async (c) => {
      const items = await sharedFavorites(deps, c.get('user').id, c.req.valid('param').id);
      if (!items) throw errors.notFound('Profile not found');
      return c.json({ items }, 200);
    },
  });
  router.onError((err, c) => {
    if (!(err instanceof CatalogueUnavailableError)) return handleError(err, c);
    c.get('logger').warn({ err, path: c.req.path }, 'catalogue unavailable');
    c.header('Retry-After', '30');
    return errorResponse(c, 503, 'catalogue_unavailable', 'The movie database is not answering right now. Please try again in a moment.');
  });
  return router;
}
