import { realtimeApi } from '../../../shared/api/realtime';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { hubOf, StreamHub } from '../../realtime/hub';
import { openEventStream, replayAfter } from '../../realtime/stream';
import { signedSessionToken } from '../accounts/session';
import { routeTable } from '../accounts/guards';

export function realtimeRoutes(deps: AppDeps) {
  const hub = new StreamHub(deps.events, { db: deps.database.db, logger: deps.logger });
  hubOf.set(deps.events, hub);
  return routeTable(deps, realtimeApi, {
    events: async (c) => {
      // The stream ends with its session: the hub checks the signed token it was opened with.
      const signed = await signedSessionToken(deps, c.req.raw.headers);
      if (!signed) throw errors.unauthorized();
      const after = replayAfter(c.req.header('last-event-id'), c.req.valid('query').lastEventId);
      return openEventStream(hub, { userId: c.get('user').id, sessionToken: signed.token, after });
    },
  });
}
