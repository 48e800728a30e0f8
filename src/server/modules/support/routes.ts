import { supportApi } from '../../../shared/api/support';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { submitContactMessage } from './service';

/** The handlers of src/shared/api/support.ts; the per-address limit is declared there. */
export function supportRoutes(deps: AppDeps) {
  return routeTable(deps, supportApi, {
    contact: async (c) => {
      const row = await submitContactMessage(deps, c.req.valid('json'), null);
      return c.json({ id: row.id }, 201);
    },
  });
}
