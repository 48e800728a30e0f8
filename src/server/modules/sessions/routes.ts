import { sessionsApi } from '../../../shared/api/sessions';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { routeTable } from '../accounts/guards';
import { signedSessionToken } from '../accounts/session';
import { listSessions, signOutOthers, signOutSession } from './service';

/** The handlers of src/shared/api/sessions.ts. */
export function sessionsRoutes(deps: AppDeps) {
  return routeTable(deps, sessionsApi, {
    list: async (c) => {
      const current = await signedSessionToken(deps, c.req.raw.headers);
      return c.json({ sessions: await listSessions(deps, c.get('user').id, current?.token ?? null) }, 200);
    },
    signOut: async (c) => {
      await signOutSession(deps, c.get('user').id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
    signOutOthers: async (c) => {
      const current = await signedSessionToken(deps, c.req.raw.headers);
      // A signed-in request always carries its cookie; without it there is no "this device" to keep.
      if (!current) throw errors.unauthorized();
      return c.json({ signedOut: await signOutOthers(deps, c.get('user').id, current.token) }, 200);
    },
  });
}
