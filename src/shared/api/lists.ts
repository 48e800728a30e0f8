import { z } from 'zod';
import {
  addFavoriteResultSchema,
  addFavoriteSchema,
  favoriteItemSchema,
  listItemSchema,
  myListsSchema,
  profileListSchema,
  sharedFavoriteSchema,
  titleKeyParamsSchema,
  titleKeySchema,
  updateRatingSchema,
} from '../lists';
import { text } from '../text';
import { defineRoutes, type RateLimit } from './contract';

const tags = ['Lists'];
const ok = z.object({ ok: z.literal(true) });
const removed = z.object({ removed: z.number().int() });
const profileParams = z.object({ id: text().min(1).max(64) });

/** Writes to one's lists: at most this many a minute per user, across instances. */
const writes: RateLimit = { bucket: 'lists', per: 'user', max: 120, windowMs: 60_000 };

/** Favorites, watchlist and currently watching (spec 001 §3, §4, §8; spec 000 §2). */
export const listsApi = defineRoutes({
  mine: { method: 'get', path: '/me/lists', access: 'user', tags, summary: "The signed-in user's favorites (with ratings), watchlist keys and currently watching", status: 200, response: myListsSchema },
  addFavorite: {
    method: 'post',
    path: '/me/favorites',
    access: 'user',
    tags,
    summary: 'Add a favorite with a rating; an existing favorite gets the new rating (200 instead of 201)',
    body: addFavoriteSchema,
    status: [201, 200],
    response: addFavoriteResultSchema,
    errors: [404, 409, 503],
    rateLimit: writes,
  },
  updateRating: {
    method: 'patch',
    path: '/me/favorites/{type}/{id}',
    access: 'user',
    tags,
    summary: "Update a favorite's rating",
    params: titleKeyParamsSchema,
    body: updateRatingSchema,
    status: 200,
    response: favoriteItemSchema,
    errors: [404],
    rateLimit: writes,
  },
  removeFavorite: { method: 'delete', path: '/me/favorites/{type}/{id}', access: 'user', tags, summary: 'Remove a favorite', params: titleKeyParamsSchema, status: 200, response: ok, rateLimit: writes },
  clearFavorites: { method: 'delete', path: '/me/favorites', access: 'user', tags, summary: 'Remove every favorite', status: 200, response: removed, rateLimit: writes },
  addWatchlist: {
    method: 'post',
    path: '/me/watchlist',
    access: 'user',
    tags,
    summary: 'Add a title to the watchlist',
    body: titleKeySchema,
    status: 201,
    response: listItemSchema,
    errors: [404, 409, 503],
    rateLimit: writes,
  },
  removeWatchlist: { method: 'delete', path: '/me/watchlist/{type}/{id}', access: 'user', tags, summary: 'Remove a title from the watchlist', params: titleKeyParamsSchema, status: 200, response: ok, rateLimit: writes },
  clearWatchlist: { method: 'delete', path: '/me/watchlist', access: 'user', tags, summary: 'Clear the watchlist', status: 200, response: removed, rateLimit: writes },
  setWatching: {
    method: 'put',
    path: '/me/currently-watching',
    access: 'user',
    tags,
    summary: 'Set the title the user is currently watching',
    body: titleKeySchema,
    status: 200,
    response: myListsSchema.shape.currentlyWatching.unwrap(),
    errors: [404, 503],
    rateLimit: writes,
  },
  clearWatching: { method: 'delete', path: '/me/currently-watching', access: 'user', tags, summary: 'Clear currently watching (all five fields)', status: 200, response: ok, rateLimit: writes },
  favoriteCount: {
    method: 'get',
    path: '/titles/{type}/{id}/favorite-count',
    access: 'visitor',
    tags,
    summary: 'How many users favorited the title',
    params: titleKeyParamsSchema,
    status: 200,
    response: z.object({ count: z.number().int() }),
    cache: 'private, no-store',
  },
  profileFavorites: {
    method: 'get',
    path: '/profiles/{id}/favorites',
    access: 'visitorOrUser',
    tags,
    summary: "A profile's favorites, when the viewer may see them",
    params: profileParams,
    status: 200,
    response: profileListSchema(favoriteItemSchema),
    errors: [404],
  },
  profileWatchlist: {
    method: 'get',
    path: '/profiles/{id}/watchlist',
    access: 'visitorOrUser',
    tags,
    summary: "A profile's watchlist, when the viewer may see it",
    params: profileParams,
    status: 200,
    response: profileListSchema(listItemSchema),
    errors: [404],
  },
  sharedFavorites: {
    method: 'get',
    path: '/profiles/{id}/shared-favorites',
    access: 'user',
    tags,
    summary: 'Titles both the viewer and this user favorited',
    params: profileParams,
    status: 200,
    response: z.object({ items: z.array(sharedFavoriteSchema) }),
    errors: [404],
  },
});
