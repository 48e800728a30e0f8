import { twoFactorApi } from '../../../shared/api/two-factor';
import type { AppDeps } from '../../deps';
import { isAdmin } from '../accounts/access';
import { routeTable } from '../accounts/guards';
import { twoFactorEnabled } from './admin-two-factor';

/** The handlers of src/shared/api/two-factor.ts. */
export function securityRoutes(deps: AppDeps) {
  return routeTable(deps, twoFactorApi, {
    status: async (c) => {
      const id = c.get('user').id;
      const enabled = await twoFactorEnabled(deps, id);
      const required = deps.config.auth.requireAdmin2fa && (await isAdmin(deps.database.db, id));
      return c.json({ enabled, required }, 200);
    },
  });
}
