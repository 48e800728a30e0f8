/**
 * The realtime event bus. Modules publish small events (ids only, never content) after their change
 * is committed; the SSE endpoint delivers each event to the streams of its audience. The events are
 * the union declared in src/shared/realtime.ts, which the web parses with the same schema.
 *
 * This file is the interface and the in-process implementation (one server process, PGlite).
 * With PostgreSQL the bus fans out through LISTEN/NOTIFY so that every instance delivers to its own
 * clients (see pg-bus.ts when present).
 */
import type { RealtimeEvent } from '../../shared/realtime';

export type { RealtimeEvent };
export type Audience = { users: string[] } | { everyone: true };

export type BusListener = (audience: Audience, event: RealtimeEvent) => void;

export interface EventBus {
  /** Fire and forget: a failed publish is logged, never thrown into the request. */
  publish(audience: Audience, event: RealtimeEvent): void;
  subscribe(listener: BusListener): () => void;
  stop(): Promise<void>;
}

export class InProcessBus implements EventBus {
  private readonly listeners = new Set<BusListener>();

  publish(audience: Audience, event: RealtimeEvent) {
    for (const listener of this.listeners) {
      try {
        listener(audience, event);
      } catch {
        // One broken stream must not stop delivery to the others.
      }
    }
  }

  subscribe(listener: BusListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop() {
    this.listeners.clear();
  }
}
