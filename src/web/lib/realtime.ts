import { useQueryClient } from '@tanstack/react-query';
import { parseRealtimeEvent, type RealtimeEvent } from '@shared/realtime';
import { createElement, Fragment, type ReactNode, useEffect, useRef } from 'react';

/**
 * The tab's one Server-Sent Events stream (GET /api/events), open while someone is signed in.
 * Events carry ids only; features subscribe with useRealtimeEvent and refetch what they show.
 * After a reconnection (or a server-side `resync`) every query is invalidated, so whatever was
 * missed while the stream was down is fetched again. Generic: it knows no feature.
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
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let missed = false;
    let stopped = false;
    let first = true;

    const open = () => {
      source = new EventSource('/api/events');
      source.onopen = () => {
        attempt = 0;
        // Pages fetch before the stream is open: whatever happened in between is fetched again by
        // the features that listen for `connected` (badges and lists that change under the user).
        if (first) {
          first = false;
          emit({ type: 'connected' });
        }
        if (missed) {
          missed = false;
          void queryClient.invalidateQueries();
          emit({ type: 'reconnected' });
        }
      };
      source.onerror = () => {
        missed = true;
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source = null;
          refused.current?.();
          const delay = Math.min(REOPEN_MAX_MS, REOPEN_MIN_MS * 2 ** attempt++);
          reopenTimer = setTimeout(() => {
            if (!stopped) open();
          }, delay);
        }
      };
      source.onmessage = (message: MessageEvent<string>) => {
        const event = readEvent(message.data);
        if (!event) return;
        if (event.type === 'resync') void queryClient.invalidateQueries();
        emit(event);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
  return createElement(Fragment, null, children);
}
