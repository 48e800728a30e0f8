import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { hubOf, sseComment, sseRaw, StreamHub } from '../../realtime/hub';
import { currentUser } from '../accounts/guards';

/** A comment line at most this often keeps proxies and the browser from dropping an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** The browser waits this long before reconnecting. */
export const RETRY_MS = 2_000;
/**
 * A stream ends after about this long; the browser reconnects at once with its cookie, so a
 * session that was revoked (sign-out elsewhere, ban) stops receiving within this time.
 */
const MAX_STREAM_MS = 15 * 60_000;
/** A client this many bytes behind is cut off (it reconnects and refetches). */
const MAX_BUFFERED_BYTES = 256 * 1024;

const getEvents = createRoute({
  method: 'get',
  path: '/events',
  ...access.user,
  summary: 'Server-Sent Events for the signed-in user: JSON events with ids only, heartbeats, retry hint',
  responses: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: z.string() } } }, 401: errorSchemaRef },
});

export function realtimeRoutes(deps: AppDeps) {
  const hub = new StreamHub(deps.events);
  hubOf.set(deps.events, hub);
  return createRouter().openapi(getEvents, async (c) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized();
    let cleanup = () => {};
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          let closed = false;
          const close = () => {
            if (closed) return;
            closed = true;
            cleanup();
            try {
              controller.close();
            } catch {
              // already closed by the client
            }
          };
          const push = (chunk: Uint8Array) => {
            if (closed) return true;
            if ((controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) return false;
            controller.enqueue(chunk);
            return true;
          };
          const remove = hub.add({ userId: user.id, push, close });
          const heartbeat = setInterval(() => push(sseComment('ping')), HEARTBEAT_MS);
          const lifetime = setTimeout(close, MAX_STREAM_MS + Math.random() * 60_000);
          heartbeat.unref();
          lifetime.unref();
          cleanup = () => {
            remove();
            clearInterval(heartbeat);
            clearTimeout(lifetime);
          };
          controller.enqueue(sseRaw(`retry: ${RETRY_MS}\n: connected\n\n`));
        },
        cancel() {
          cleanup();
        },
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
    );
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      },
    });
  });
}
