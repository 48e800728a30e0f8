import { boostStateSchema, matchesPageSchema, matchesQuerySchema } from '../matches';
import { defineRoutes } from './contract';
import { premiumOnly, signedIn } from './authz';

const tags = ['Matches'];

/** Taste matches and boost (spec 001 §2, §9; rulings 1, 19, 20). */
export const matchesApi = defineRoutes({
  list: {
    authz: signedIn,
    method: 'get',
    path: '/me/matches',
    access: 'user',
    tags,
    summary: "The signed-in user's matches: the day's three for free users, pages of the live ranking (with the genre filter) for premium users",
    query: matchesQuerySchema,
    status: 200,
    response: matchesPageSchema,
  },
  boostState: {
    authz: signedIn,
    method: 'get',
    path: '/me/boost',
    access: 'user',
    tags,
    summary: "The signed-in user's boost: when it ends, when it was last used, whether it may be used now",
    status: 200,
    response: boostStateSchema,
  },
  boost: {
    authz: premiumOnly(),
    method: 'post',
    path: '/me/boost',
    access: 'user',
    tags,
    summary: 'Boost one’s own profile for 48 hours, once per 7 days (premium users and admins; ruling 1)',
    status: 200,
    response: boostStateSchema,
    errors: [403, 409],
  },
});
