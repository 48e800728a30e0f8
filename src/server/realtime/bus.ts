/**
 * The realtime event bus. Modules publish small events (ids only, never content) after their change
 * is committed; the SSE endpoint delivers each event to the streams of its audience. The events are
 * the union declared in src/shared/realtime.ts, which the web parses with the same schema.
 *
 * Every published event is also written to `realtime_events` (event-log.ts), whose row id is the
 * event's SSE id: a client that reconnects with the last id it saw is sent what it missed (replay).
 *
 * This file is the interface and the in-process implementation (one server process, PGlite).
 * With PostgreSQL the bus fans out through LISTEN/NOTIFY so that every instance delivers to its own
 * clients (pg-bus.ts).
 */
import type { RealtimeEvent } from '../../shared/realtime';
import type { Logger } from '../logger';
import type { EventLog, LoggedEvent } from './event-log';

export type { RealtimeEvent };
export type Audience = { users: string[] } | { everyone: true };

/** `id` is the event's row in the event log; absent for what is not logged (`resync`, or a failed write). */
export type BusListener = (audience: Audience, event: RealtimeEvent, id?: number) => void;

export interface EventBus {
  /** Fire and forget: a failed publish is logged, never thrown into the request. */
  publish(audience: Audience, event: RealtimeEvent): void;
  subscribe(listener: BusListener): () => void;
  /** The event log, when events are logged (replay on reconnect). */
  readonly log?: EventLog;
  /** Resolves once the events published so far can be read from the log. */
  flushed(): Promise<void>;
  stop(): Promise<void>;
}

export function deliverTo(listeners: Iterable<BusListener>, audience: Audience, event: RealtimeEvent, id?: number) {
  for (const listener of listeners) {
    try {
      listener(audience, event, id);
    } catch {
      // One broken stream must not stop delivery to the others.
    }
  }
}

/**
 * One process (PGlite, which one process owns): ids are handed out here, so an event reaches the
 * open streams at once, in the caller's turn, with its id; its row is written just after, in order
 * (`flushed()` waits for the writes, so a replay never misses what was already delivered live).
 */
export class InProcessBus implements EventBus {
  private readonly listeners = new Set<BusListener>();
  private lastId = 0;
  private writes: Promise<void> = Promise.resolve();
  private stopped = false;
  private stopPruning = () => {};

  constructor(
    readonly log?: EventLog,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  /** Continues the ids after those already in the log (so ids are never reused across restarts). */
  async start() {
    if (!this.log) return;
    this.lastId = await this.log.highWaterMark();
    this.stopPruning = this.log.startPruning((err) => this.logger?.warn({ err }, 'realtime: pruning the event log failed'));
  }

  publish(audience: Audience, event: RealtimeEvent) {
    if (this.stopped) return;
    const log = this.log;
    if (!log) {
      deliverTo(this.listeners, audience, event);
      return;
    }
    const id = ++this.lastId;
    this.pending.push({ id, audience, event });
    // One write at a time, in id order; the events published while one is under way go in the next,
    // together: one statement on PGlite's single connection instead of one per event.
    if (this.pending.length === 1) this.writes = this.writes.then(() => this.writePending(log));
    deliverTo(this.listeners, audience, event, id);
  }

  private pending: LoggedEvent[] = [];

  private async writePending(log: EventLog) {
    const batch = this.pending;
    this.pending = [];
    await log.append(batch).catch((err: unknown) => this.logger?.warn({ err, events: batch.length }, 'realtime: events not logged (they cannot be replayed)'));
  }

  subscribe(listener: BusListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every event published so far is in the log. */
  flushed(): Promise<void> {
    return this.writes;
  }

  async stop() {
    this.stopped = true;
    this.stopPruning();
    await this.writes;
    this.listeners.clear();
  }
}
