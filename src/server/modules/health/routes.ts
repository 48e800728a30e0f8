import { healthApi } from '../../../shared/api/health';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';

/** The handler of src/shared/api/health.ts. The front door (http/server.ts) answers the same from the same probe. */
export function healthRoutes(deps: AppDeps) {
  return routeTable(deps, healthApi, {
    health: async (c) => {
      const state = await deps.health.check();
      return state.status === 'ok' ? c.json(state, 200) : c.json(state, 503);
    },
  });
}
