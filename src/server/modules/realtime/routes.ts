import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { hubOf, StreamHub } from '../../realtime/hub';
import { eventIdSchema, openEventStream, replayAfter } from '../../realtime/stream';
import { signedSessionToken } from '../accounts/session';
import { currentUser } from '../accounts/guards';

const getEvents = createRoute({
  method: 'get',
  path: '/events',
  ...access.user,
  summary: 'Server-Sent Events for the signed-in user: JSON events with ids only, heartbeats, retry hint',
  description:
    'Each event carries an SSE id. A client that reconnects with the last id it saw (the Last-Event-ID header, which browsers send on their own reconnection, or the lastEventId query parameter) is first sent the events for it that it missed in the last 10 minutes, then live ones; an older or unknown id is answered with a `resync` event (refetch everything). The stream ends within seconds when its session ends.',
  request: { query: z.object({ lastEventId: eventIdSchema.optional().openapi({ description: 'The id of the last event seen (when the Last-Event-ID header cannot be sent)' }) }) },
  responses: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } }, 400: errorSchemaRef, 401: errorSchemaRef },
});

export function realtimeRoutes(deps: AppDeps) {
  const hub = new StreamHub(deps.events, { db: deps.database.db, logger: deps.logger });
  hubOf.set(deps.events, hub);
  return createRouter().openapi(getEvents, async (c) => {
    const user = await currentUser(deps, c);
    const signed = user && (await signedSessionToken(deps, c.req.raw.headers));
    if (!user || !signed) throw errors.unauthorized();
    const after = replayAfter(c.req.header('last-event-id'), c.req.valid('query').lastEventId);
    return openEventStream(hub, { userId: user.id, sessionToken: signed.token, after });
  });
}
