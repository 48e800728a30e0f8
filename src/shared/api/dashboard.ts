import { dashboardSchema } from '../dashboard';
import { feedPageSchema, feedQuerySchema } from '../feed';
import { defineRoutes } from './contract';
import { signedIn } from './authz';

const tags = ['Dashboard'];

/**
 * The dashboard above Discover (spec 001 §2; decision 018). Its Recent Activity is the
 * notifications list with `kind` and `limit=15` (src/shared/api/notifications.ts), so the whole
 * dashboard is two requests.
 */
export const dashboardApi = defineRoutes({
  summary: {
    authz: signedIn,
    method: 'get',
    path: '/me/dashboard',
    access: 'user',
    tags,
    summary: "The signed-in user's dashboard: greeting name, list and follow counts, profile completeness, people they might like",
    status: 200,
    response: dashboardSchema,
  },
  feed: {
    authz: signedIn,
    method: 'get',
    path: '/me/feed',
    access: 'user',
    tags,
    summary:
      'The Following tab: what the people I follow favorited, rated, started watching, added to their watchlist and the threads they started, newest first, as their privacy allows',
    query: feedQuerySchema,
    status: 200,
    response: feedPageSchema,
  },
});
