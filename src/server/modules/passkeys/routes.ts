import { passkeysApi } from '../../../shared/api/passkeys';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { listPasskeys, removePasskey, renamePasskey } from './service';

/** The handlers of src/shared/api/passkeys.ts. */
export function passkeysRoutes(deps: AppDeps) {
  return routeTable(deps, passkeysApi, {
    list: async (c) => c.json({ passkeys: await listPasskeys(deps, c.get('user').id) }, 200),
    rename: async (c) => c.json(await renamePasskey(deps, c.get('user').id, c.req.valid('param').id, c.req.valid('json').name), 200),
    remove: async (c) => {
      await removePasskey(deps, c.get('user').id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  });
}
