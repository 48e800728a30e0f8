import { dashboardApi } from '../../../shared/api/dashboard';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { followingFeed } from './feed';
import { getDashboard } from './service';

/** The handlers of src/shared/api/dashboard.ts. */
export function dashboardRoutes(deps: AppDeps) {
  return routeTable(deps, dashboardApi, {
    summary: async (c) => c.json(await getDashboard(deps, c.get('user')), 200),
    feed: async (c) => {
      const { before, limit } = c.req.valid('query');
      return c.json(await followingFeed(deps, c.get('user').id, before, limit), 200);
    },
  });
}
