import { eventIdSchema } from '../../shared/realtime';
import { type StreamHub, sseEvent, sseRaw } from './hub';

/** A comment line at most this often keeps proxies and the browser from dropping an idle stream. */
export const HEARTBEAT_MS = 20_000;
/** The browser waits this long before reconnecting. */
export const RETRY_MS = 2_000;
/**
 * A stream ends after about this long and the browser reconnects at once (with its Last-Event-ID,
 * so nothing is lost). Sessions that end are caught much sooner by the hub's session check; this
 * only spreads long-lived connections over instances after a deploy.
 */
const MAX_STREAM_MS = 15 * 60_000;
/** A client this many bytes behind is cut off (it reconnects and is sent what it missed). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** An event id as the client sends it back (Last-Event-ID header or `lastEventId` query parameter). */

/** The id to replay after: the header (what the browser sends on its own reconnect) before the query. */
export function replayAfter(header: string | undefined, query: string | undefined): number | 'unreadable' | undefined {
  const raw = header?.trim() || query;
  if (raw === undefined || raw === '') return undefined;
  const parsed = eventIdSchema.safeParse(raw);
  return parsed.success ? Number(parsed.data) : 'unreadable';
}

const RESYNC = { type: 'resync' } as const;

/**
 * The SSE answer of one signed-in tab. It joins the hub at once; when the client says which event
 * it saw last, live events are held back while what it missed is read from the log (rows of its
 * audience only, the same rule as live delivery), then the missed ones go out in order, then the
 * held ones that are newer. An id the log no longer knows (older than the replay window, or from
 * another database) is answered with `resync`: refetch everything, as after any long absence.
 *
 * Every block that moves the client's position carries an `id:` (the events; the opening and the
 * heartbeats carry the hub's newest id), so the browser's own reconnection sends Last-Event-ID.
 */
export function openEventStream(hub: StreamHub, o: { userId: string; sessionToken: string; after: number | 'unreadable' | undefined }): Response {
  let cleanup = () => {};
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        /** Live events held back while the missed ones are read; null once live. */
        let held: { chunk: Uint8Array; id?: number }[] | null = o.after === undefined ? null : [];
        /**
         * The ids sent by the replay. An event's row is readable as soon as it commits, and its NOTIFY
         * may reach this instance after the replay read it: such a live copy is dropped, once. (Not
         * "every id up to the newest replayed": concurrent publishes commit out of id order, and a
         * lower id arriving later is a new event.)
         */
        const replayed = new Set<number>();
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
        const write = (chunk: Uint8Array) => {
          if (closed) return true;
          if ((controller.desiredSize ?? 0) < -MAX_BUFFERED_BYTES) return false;
          controller.enqueue(chunk);
          return true;
        };
        const push = (chunk: Uint8Array, id?: number) => {
          if (held) {
            held.push({ chunk, id });
            return held.length < 10_000;
          }
          if (id !== undefined && replayed.delete(id)) return true;
          return write(chunk);
        };
        const remove = hub.add({ userId: o.userId, sessionToken: o.sessionToken, push, close });
        const cursor = () => (hub.lastId === undefined ? '' : `id: ${hub.lastId}\n`);
        const heartbeat = setInterval(() => {
          if (held) return;
          // The hub's newest id: every event up to it for this user is already on this stream.
          if (!write(sseRaw(`${cursor()}: ping\n\n`))) close();
        }, HEARTBEAT_MS);
        const lifetime = setTimeout(close, MAX_STREAM_MS + Math.random() * 60_000);
        heartbeat.unref();
        lifetime.unref();
        cleanup = () => {
          remove();
          clearInterval(heartbeat);
          clearTimeout(lifetime);
        };
        if (o.after === undefined) {
          controller.enqueue(sseRaw(`retry: ${RETRY_MS}\n${cursor()}: connected\n\n`));
          return;
        }
        controller.enqueue(sseRaw(`retry: ${RETRY_MS}\n: connected\n\n`));
        const positionAtJoin = hub.lastId;
        const after = o.after;
        void (async () => {
          try {
            const log = hub.log;
            const missed = after === 'unreadable' || !log ? null : { after, rows: await hub.flushed().then(() => log.missedBy(o.userId, after)) };
            if (closed) return;
            if (missed?.rows) {
              for (const row of missed.rows) {
                write(sseEvent(row.event, row.id));
                replayed.add(row.id);
              }
            } else {
              write(sseEvent(RESYNC, positionAtJoin));
            }
          } catch {
            if (closed) return;
            write(sseEvent(RESYNC, positionAtJoin));
          }
          const queue = held ?? [];
          held = null;
          // Held events the replay already sent are dropped; the rest (newer, or committed after the
          // replay read the log) go out in the order they came.
          for (const item of queue) if (item.id === undefined || !replayed.delete(item.id)) write(item.chunk);
        })();
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
}
