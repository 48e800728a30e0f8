import { matchesApi } from '../../../shared/api/matches';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import * as matches from './service';

/** The handlers of src/shared/api/matches.ts; the free/premium rule and boost rules live in the service. */
export function matchRoutes(deps: AppDeps) {
  return routeTable(deps, matchesApi, {
    list: async (c) => c.json(await matches.listMatches(deps, c.get('user'), c.req.valid('query')), 200),
    boostState: async (c) => c.json(await matches.getBoost(deps, c.get('user').id), 200),
    boost: async (c) => c.json(await matches.boost(deps, c.get('user')), 200),
  });
}
