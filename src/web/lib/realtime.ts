import { useQueryClient } from '@tanstack/react-query';
import { createElement, Fragment, type ReactNode, useEffect, useRef } from 'react';

/**
 * The tab's one Server-Sent Events stream (GET /api/events), open while someone is signed in.
 * Events carry ids only; features subscribe with useRealtimeEvent and refetch what they show.
 * After a reconnection (or a server-side `resync`) every query is invalidated, so whatever was
 * missed while the stream was down is fetched again. Generic: it knows no feature.
 */
export interface RealtimeEvent {
  type: string;
  [field: string]: string | number | boolean | null;
}

type Handler = (event: RealtimeEvent) => void;
const handlers = new Map<string, Set<Handler>>();

function emit(event: RealtimeEvent) {
  for (const handler of handlers.get(event.type) ?? []) {
    try {
      handler(event);
    } catch (error) {
      console.warn('realtime handler failed', error);
    }
  }
}

/** Calls `handler` for every event of `type` on this tab's stream (the latest handler, no resubscribe). */
export function useRealtimeEvent(type: string, handler: Handler) {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const h: Handler = (event) => ref.current(event);
    let set = handlers.get(type);
    if (!set) handlers.set(type, (set = new Set()));
    set.add(h);
    return () => {
      set.delete(h);
    };
  }, [type]);
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
        let event: RealtimeEvent;
        try {
          event = JSON.parse(message.data) as RealtimeEvent;
        } catch {
          return;
        }
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
