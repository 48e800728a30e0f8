import { profilesApi } from '../../../shared/api/profiles';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { routeTable } from '../accounts/guards';
import { viewProfileForRequest } from './service';

/**
 * The handlers of src/shared/api/profiles.ts. Both reads are served at the front door as well
 * (front-route.ts), matched from the same table, with the same function and headers; the viewer's
 * session is read in the same query as the profile (one round trip), so currentUser is not used.
 */
export function profileRoutes(deps: AppDeps) {
  return routeTable(deps, profilesApi, {
    byUsername: async (c) => {
      const profile = await viewProfileForRequest(deps, { username: c.req.valid('param').username }, c.req.raw.headers);
      if (!profile) throw errors.notFound('Profile not found');
      return c.json(profile, 200);
    },
    byId: async (c) => {
      const profile = await viewProfileForRequest(deps, { id: c.req.valid('param').id }, c.req.raw.headers);
      if (!profile) throw errors.notFound('Profile not found');
      return c.json(profile, 200);
    },
  });
}
