import { useQueryClient } from '@tanstack/react-query';
import { parseRealtimeEvent, type RealtimeEvent } from '@shared/realtime';
import { createElement, Fragment, type ReactNode, useEffect, useRef } from 'react';

/**
 * The tab's one Server-Sent Events stream (GET /api/events), open while someone is signed in.
 * Events carry ids only; features subscribe with useRealtimeEvent and refetch what they show.
 * Events carry ids: after a reconnection the server sends what was missed (in the last 10 minutes),
 * or `resync` when it cannot, and then every query is invalidated. Generic: it knows no feature.
 *
 * What arrives is parsed with the server's own event schema (src/shared/realtime.ts): an unknown or
 * malformed event is logged and dropped, so a handler only ever sees the fields its type declares.
 */

/** Said by this tab, not the server: the stream opened for the first time, or again after an error. */
type LocalEvent = { type: 'connected' } | { type: 'reconnected' };
export type StreamEvent = RealtimeEvent | LocalEvent;
export type StreamEventType = StreamEvent['type'];
/** The event of one type (or of several), narrowed: `StreamEventOf<'message'>` has `from` and `to`. */
export type StreamEventOf<T extends StreamEventType> = Extract<StreamEvent, { type: T }>;

type Handler = (event: StreamEvent) => void;
const handlers = new Map<StreamEventType, Set<Handler>>();

const isOfType = <T extends StreamEventType>(event: StreamEvent, type: T): event is StreamEventOf<T> => event.type === type;

function emit(event: StreamEvent) {
  for (const handler of handlers.get(event.type) ?? []) {
    try {
      handler(event);
    } catch (error) {
      console.warn('realtime handler failed', error);
    }
  }
}

/**
 * Calls `handler` for every event of `type` on this tab's stream (the latest handler, no
 * resubscribe), with the event narrowed to that type.
 */
export function useRealtimeEvent<T extends StreamEventType>(type: T, handler: (event: StreamEventOf<T>) => void) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const h: Handler = (event) => {
      if (isOfType(event, type)) ref.current(event);
    };
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(h);
    return () => {
      set.delete(h);
    };
  }, [type]);
}

/** The event in one `data:` line, or null (with a warning) when it is not JSON or not one of ours. */
export function readEvent(data: string): RealtimeEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    console.warn('realtime: ignored an event that is not JSON', data);
    return null;
  }
  const event = parseRealtimeEvent(json);
  if (!event) console.warn('realtime: ignored an unknown or malformed event', json);
  return event;
}

const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 30_000;

/** What a stream needs from its surroundings (the provider passes the real ones; tests pass fakes). */
export interface StreamOptions {
  createSource(url: string): EventSource;
  /** Refetch everything: missed events could not be replayed. */
  refetchAll(): void;
  emit(event: StreamEvent): void;
  /** The server refused the stream for good (such as 401 after the session ended elsewhere). */
  onRefused(): void;
}

/** The stream's address: a manual reconnection passes the last id seen, as the browser's own does in Last-Event-ID. */
export function streamUrl(lastEventId: string | undefined): string {
  return lastEventId && /^[1-9]\d{0,14}$/.test(lastEventId) ? `/api/events?lastEventId=${lastEventId}` : '/api/events';
}

/**
 * Opens the stream and keeps it open until the returned function is called. Every event carries an
 * id: the browser's own reconnection sends the last one (Last-Event-ID) and the server replays what
 * was missed, or sends `resync` when it cannot; when the browser gives up (the stream was refused)
 * it is reopened here with backoff, passing the last id seen. Only when no id was ever seen does a
 * reconnection refetch everything by itself.
 */
export function openStream(o: StreamOptions): () => void {
  let source: EventSource | null = null;
  let reopenTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let missed = false;
  let stopped = false;
  let first = true;
  let lastEventId: string | undefined;

  const open = () => {
    source = o.createSource(streamUrl(lastEventId));
    source.onopen = () => {
      attempt = 0;
      // Pages fetch before the stream is open: whatever happened in between is fetched again by
      // the features that listen for `connected` (badges and lists that change under the user).
      if (first) {
        first = false;
        o.emit({ type: 'connected' });
      }
      if (missed) {
        missed = false;
        // With an id the server replays what was missed (or says `resync`); without, refetch here.
        if (lastEventId === undefined) o.refetchAll();
        o.emit({ type: 'reconnected' });
      }
    };
    source.onerror = () => {
      missed = true;
      if (source?.readyState === EventSource.CLOSED && !stopped) {
        source = null;
        o.onRefused();
        const delay = Math.min(REOPEN_MAX_MS, REOPEN_MIN_MS * 2 ** attempt++);
        reopenTimer = setTimeout(() => {
          if (!stopped) open();
        }, delay);
      }
    };
    source.onmessage = (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId = message.lastEventId;
      const event = readEvent(message.data);
      if (!event) return;
      if (event.type === 'resync') o.refetchAll();
      o.emit(event);
    };
  };
  open();
  return () => {
    stopped = true;
    clearTimeout(reopenTimer);
    source?.close();
  };
}

/**
 * Opens the stream while `enabled` (signed in) and closes it on sign-out. `onRefused` runs when the
 * server refuses the stream for good (such as 401 after the session ended elsewhere), so the app
 * can recheck the session; the stream is then retried with backoff while still enabled.
 */
export function RealtimeProvider({ enabled, onRefused, children }: { enabled: boolean; onRefused?: () => void; children?: ReactNode }) {
  const queryClient = useQueryClient();
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return openStream({
      createSource: (url) => new EventSource(url),
      refetchAll: () => void queryClient.invalidateQueries(),
      emit,
      onRefused: () => refused.current?.(),
    });
  }, [enabled, queryClient]);
  return createElement(Fragment, null, children);
}
