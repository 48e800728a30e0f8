import { deleteCookie } from 'hono/cookie';
import { ownAccountApi } from '../../../shared/api/accounts';
import type { AppDeps } from '../../deps';
import { routeTable } from './guards';
import { deleteAccount } from './service';

/** The handlers of src/shared/api/accounts.ts (ownAccountApi): one's own account where Better Auth does not cover it. */
export function ownAccountRoutes(deps: AppDeps) {
  return routeTable(deps, ownAccountApi, {
    deleteAccount: async (c) => {
      const me = c.get('user');
      await deleteAccount(deps, me.id, c.get('logger'));
      const ctx = await deps.auth.$context;
      for (const cookie of [ctx.authCookies.sessionToken, ctx.authCookies.sessionData, ctx.authCookies.dontRememberToken]) {
        deleteCookie(c, cookie.name, { path: '/', secure: cookie.attributes.secure });
      }
      return c.json({ ok: true as const }, 200);
    },
  });
}
