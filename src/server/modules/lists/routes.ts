import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { addFavoriteSchema, type TitleKey, titleKeyParamsSchema, titleKeySchema, updateRatingSchema } from '../../../shared/lists';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../http/context';
import { hitDbLimit } from '../../http/db-rate-limit';
import { errorResponse, errors, handleError } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { CatalogueUnavailableError } from '../../integrations/catalogue';
import { currentUser, requireUser } from '../accounts/guards';
import { notifyFollowersOfFavorite } from './notify-followers';
import * as lists from './service';
import { text } from '../../../shared/text';

const json = (description: string) => ({ description, content: { 'application/json': { schema: z.any() } } });
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const ok = json('{ ok: true }');
const profileParams = z.object({ id: text().min(1).max(64) });
const tags = ['Lists'];
const authErrors = { 400: errorSchemaRef, 401: errorSchemaRef, 429: errorSchemaRef };

const routes = {
  mine: createRoute({ method: 'get', path: '/me/lists', ...access.user, tags, summary: "The signed-in user's favorites (with ratings), watchlist keys and currently watching", responses: { 200: json('MyLists'), 401: errorSchemaRef } }),
  addFavorite: createRoute({
    method: 'post',
    path: '/me/favorites',
    ...access.user,
    tags,
    summary: 'Add a favorite with a rating; an existing favorite gets the new rating',
    request: body(addFavoriteSchema),
    responses: { 201: json('AddFavoriteResult, created'), 200: json('AddFavoriteResult, rating updated'), 404: errorSchemaRef, ...authErrors },
  }),
  updateRating: createRoute({
    method: 'patch',
    path: '/me/favorites/{type}/{id}',
    ...access.user,
    tags,
    summary: "Update a favorite's rating",
    request: { params: titleKeyParamsSchema, ...body(updateRatingSchema) },
    responses: { 200: json('FavoriteItem'), 404: errorSchemaRef, ...authErrors },
  }),
  removeFavorite: createRoute({ method: 'delete', path: '/me/favorites/{type}/{id}', ...access.user, tags, summary: 'Remove a favorite', request: { params: titleKeyParamsSchema }, responses: { 200: ok, ...authErrors } }),
  clearFavorites: createRoute({ method: 'delete', path: '/me/favorites', ...access.user, tags, summary: 'Remove every favorite', responses: { 200: json('{ removed: number }'), ...authErrors } }),
  addWatchlist: createRoute({
    method: 'post',
    path: '/me/watchlist',
    ...access.user,
    tags,
    summary: 'Add a title to the watchlist',
    request: body(titleKeySchema),
    responses: { 201: json('ListItem'), 404: errorSchemaRef, 409: errorSchemaRef, ...authErrors },
  }),
  removeWatchlist: createRoute({ method: 'delete', path: '/me/watchlist/{type}/{id}', ...access.user, tags, summary: 'Remove a title from the watchlist', request: { params: titleKeyParamsSchema }, responses: { 200: ok, ...authErrors } }),
  clearWatchlist: createRoute({ method: 'delete', path: '/me/watchlist', ...access.user, tags, summary: 'Clear the watchlist', responses: { 200: json('{ removed: number }'), ...authErrors } }),
  setWatching: createRoute({
    method: 'put',
    path: '/me/currently-watching',
    ...access.user,
    tags,
    summary: 'Set the title the user is currently watching',
    request: body(titleKeySchema),
    responses: { 200: json('CurrentlyWatching'), 404: errorSchemaRef, ...authErrors },
  }),
  clearWatching: createRoute({ method: 'delete', path: '/me/currently-watching', ...access.user, tags, summary: 'Clear currently watching (all five fields)', responses: { 200: ok, ...authErrors } }),
  favoriteCount: createRoute({
    method: 'get',
    path: '/titles/{type}/{id}/favorite-count',
    ...access.visitor,
    tags,
    summary: 'How many users favorited the title',
    request: { params: titleKeyParamsSchema },
    responses: { 200: json('{ count: number }'), 400: errorSchemaRef },
  }),
  profileFavorites: createRoute({
    method: 'get',
    path: '/profiles/{id}/favorites',
    ...access.visitorOrUser,
    tags,
    summary: "A profile's favorites, when the viewer may see them",
    request: { params: profileParams },
    responses: { 200: json('ProfileList<FavoriteItem>'), 404: errorSchemaRef },
  }),
  profileWatchlist: createRoute({
    method: 'get',
    path: '/profiles/{id}/watchlist',
    ...access.visitorOrUser,
    tags,
    summary: "A profile's watchlist, when the viewer may see it",
    request: { params: profileParams },
    responses: { 200: json('ProfileList<ListItem>'), 404: errorSchemaRef },
  }),
  sharedFavorites: createRoute({
    method: 'get',
    path: '/profiles/{id}/shared-favorites',
    ...access.user,
    tags,
    summary: 'Titles both the viewer and this user favorited',
    request: { params: profileParams },
    responses: { 200: json('{ items: SharedFavorite[] }'), 401: errorSchemaRef, 404: errorSchemaRef },
  }),
};

/** Writes to one's lists: at most this many a minute per user, across instances. */
const WRITES_PER_MINUTE = 120;

function writeLimit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET') {
      const wait = await hitDbLimit(deps.database.db, `lists:${c.get('user').id}`, WRITES_PER_MINUTE, 60_000);
      if (wait) {
        c.header('Retry-After', String(wait));
        throw errors.tooMany();
      }
    }
    await next();
  };
}

export function listRoutes(deps: AppDeps) {
  const router = createRouter();
  router.onError((err, c) => {
    if (!(err instanceof CatalogueUnavailableError)) return handleError(err, c);
    c.get('logger').warn({ err, path: c.req.path }, 'catalogue unavailable');
    c.header('Retry-After', '30');
    return errorResponse(c, 503, 'catalogue_unavailable', 'The movie database is not answering right now. Please try again in a moment.');
  });
  for (const path of ['/me/lists', '/me/favorites', '/me/favorites/:type/:id', '/me/watchlist', '/me/watchlist/:type/:id', '/me/currently-watching', '/profiles/:id/shared-favorites']) {
    router.use(path, requireUser(deps), writeLimit(deps));
  }

  /** Favorited-by counts changed: every open details page of these titles refetches. */
  const countChanged = (keys: TitleKey[]) => {
    for (const k of keys) deps.events.publish({ everyone: true }, { type: 'favorite-count', mediaType: k.mediaType, mediaId: k.mediaId });
  };
  /**
   * The user's profile changed. Everyone's open pages refresh only when the changed section is
   * visible to others; otherwise only the owner's tabs hear of it, since a profile-updated of a
   * private user next to a favorite-count of a title would say who favorited it (ruling 9).
   */
  const profileChanged = async (userId: string, section: keyof lists.SectionsVisibility, known?: lists.SectionsVisibility) => {
    const visible = (known ?? (await lists.sectionsVisibleToOthers(deps, userId)))[section];
    deps.events.publish(visible ? { everyone: true } : { users: [userId] }, { type: 'profile-updated', userId });
  };
  const noStore = { 'Cache-Control': 'private, no-store' };

  return router
    .openapi(routes.mine, async (c) => c.json(await lists.myLists(deps, c.get('user').id), 200, noStore))
    .openapi(routes.addFavorite, async (c) => {
      const me = c.get('user');
      const { mediaType, mediaId, rating } = c.req.valid('json');
      const result = await lists.addFavorite(deps, me.id, { mediaType, mediaId }, rating);
      if (!result.created) return c.json(result, 200);
      countChanged([result.item]);
      // Read at the moment of the favorite: a favorite made while hidden is never announced.
      const visible = await lists.sectionsVisibleToOthers(deps, me.id);
      await profileChanged(me.id, 'favorites', visible);
      if (!visible.favorites) return c.json(result, 201);
      // After the response path: followers are told in the background; failures are only logged.
      setImmediate(() => {
        notifyFollowersOfFavorite(deps, { userId: me.id, username: me.username, mediaType, mediaId, title: result.item.title }).catch((err: unknown) =>
          deps.logger.error({ err, userId: me.id }, 'favorite notifications failed'),
        );
      });
      return c.json(result, 201);
    })
    .openapi(routes.updateRating, async (c) => {
      const { type, id } = c.req.valid('param');
      return c.json(await lists.updateRating(deps, c.get('user').id, { mediaType: type, mediaId: id }, c.req.valid('json').rating), 200);
    })
    .openapi(routes.removeFavorite, async (c) => {
      const { type, id } = c.req.valid('param');
      const me = c.get('user');
      if (await lists.removeFavorite(deps, me.id, { mediaType: type, mediaId: id })) {
        countChanged([{ mediaType: type, mediaId: id }]);
        await profileChanged(me.id, 'favorites');
      }
      return c.json({ ok: true as const }, 200);
    })
    .openapi(routes.clearFavorites, async (c) => {
      const me = c.get('user');
      const removed = await lists.clearFavorites(deps, me.id);
      countChanged(removed);
      if (removed.length) await profileChanged(me.id, 'favorites');
      return c.json({ removed: removed.length }, 200);
    })
    .openapi(routes.addWatchlist, async (c) => {
      const me = c.get('user');
      const item = await lists.addToWatchlist(deps, me.id, c.req.valid('json'));
      await profileChanged(me.id, 'watchlist');
      return c.json(item, 201);
    })
    .openapi(routes.removeWatchlist, async (c) => {
      const { type, id } = c.req.valid('param');
      const me = c.get('user');
      if (await lists.removeFromWatchlist(deps, me.id, { mediaType: type, mediaId: id })) await profileChanged(me.id, 'watchlist');
      return c.json({ ok: true as const }, 200);
    })
    .openapi(routes.clearWatchlist, async (c) => {
      const me = c.get('user');
      const removed = await lists.clearWatchlist(deps, me.id);
      if (removed) await profileChanged(me.id, 'watchlist');
      return c.json({ removed }, 200);
    })
    .openapi(routes.setWatching, async (c) => {
      const me = c.get('user');
      const watching = await lists.setCurrentlyWatching(deps, me.id, c.req.valid('json'));
      await profileChanged(me.id, 'currentlyWatching');
      return c.json(watching, 200);
    })
    .openapi(routes.clearWatching, async (c) => {
      const me = c.get('user');
      await lists.clearCurrentlyWatching(deps, me.id);
      await profileChanged(me.id, 'currentlyWatching');
      return c.json({ ok: true as const }, 200);
    })
    .openapi(routes.favoriteCount, async (c) => {
      const { type, id } = c.req.valid('param');
      return c.json({ count: await lists.favoriteCount(deps, type, id) }, 200, noStore);
    })
    .openapi(routes.profileFavorites, async (c) => {
      const viewer = await currentUser(deps, c);
      const list = await lists.profileList(deps, c.req.valid('param').id, viewer?.id ?? null, 'favorites');
      if (!list) throw errors.notFound('Profile not found');
      return c.json(list, 200, noStore);
    })
    .openapi(routes.profileWatchlist, async (c) => {
      const viewer = await currentUser(deps, c);
      const list = await lists.profileList(deps, c.req.valid('param').id, viewer?.id ?? null, 'watchlist');
      if (!list) throw errors.notFound('Profile not found');
      return c.json(list, 200, noStore);
    })
    .openapi(routes.sharedFavorites, async (c) => {
      const items = await lists.sharedFavorites(deps, c.get('user').id, c.req.valid('param').id);
      if (!items) throw errors.notFound('Profile not found');
      return c.json({ items }, 200, noStore);
    });
}
