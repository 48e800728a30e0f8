import { z } from 'zod';
import { eventIdSchema } from '../realtime';
import { defineRoutes } from './contract';
import { signedIn } from './authz';

/** The live-update stream (docs/architecture.md, Realtime). */
export const realtimeApi = defineRoutes({
  events: {
    authz: signedIn,
    method: 'get',
    path: '/events',
    access: 'user',
    tags: ['Realtime'],
    summary: 'Server-Sent Events for the signed-in user: JSON events with ids only, heartbeats, retry hint',
    description:
      'Each event carries an SSE id. A client that reconnects with the last id it saw (the Last-Event-ID header, which browsers send on their own reconnection, or the lastEventId query parameter) is first sent the events for it that it missed in the last 10 minutes, then live ones; an older or unknown id is answered with a `resync` event (refetch everything). The stream ends within seconds when its session ends.',
    query: z.object({ lastEventId: eventIdSchema.optional().meta({ description: 'The id of the last event seen (when the Last-Event-ID header cannot be sent)' }) }),
    status: 200,
    produces: 'text/event-stream',
    response: z.string().meta({ description: 'text/event-stream: `id:` and `data:` lines, one JSON RealtimeEvent per event' }),
  },
});
