import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import type { Logger } from '../logger';
import type { Audience, EventBus, RealtimeEvent } from './bus';

const encoder = new TextEncoder();

/** A stream whose session ended (sign-out, revoked, banned, account deleted) is closed within this. */
export const SESSION_CHECK_MS = 3_000;

/** One open event stream: `push` writes bytes; returns false when the client is too far behind. */
export interface StreamClient {
  userId: string;
  /** The session the stream was opened with; the stream ends when it does. */
  sessionToken: string;
  /** `id` is the event's id, when it has one (a stream replaying its past keeps what is newer). */
  push(chunk: Uint8Array, id?: number): boolean;
  close(): void;
}

/** One SSE block: the event's id (when logged) and its JSON. */
export const sseEvent = (event: RealtimeEvent, id?: number) => encoder.encode(`${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`);

/**
 * The open event streams of this process, indexed by user. It subscribes to the bus once and gives
 * each event only to the streams of its audience: a stream never carries another user's events.
 * An event is serialised once, whatever the number of streams.
 *
 * Sessions: every SESSION_CHECK_MS one query asks which of the open streams' sessions still hold
 * (the row exists, has not expired, its user is not banned; deleting an account deletes its
 * sessions), and the streams of the others are closed. See docs/architecture.md (Realtime) for why
 * this polls instead of listening for session changes.
 */
export class StreamHub {
  private readonly byUser = new Map<string, Set<StreamClient>>();
  private readonly all = new Set<StreamClient>();
  private readonly unsubscribe: () => void;
  private sessionTimer: NodeJS.Timeout | null = null;
  private checking = false;
  /** The newest event id this hub has handed out: every event up to it has reached its streams. */
  lastId: number | undefined;
  /** Duration of the last session check, for the bench. */
  lastCheckMs = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly options: { db: Database; logger?: Pick<Logger, 'warn'> },
  ) {
    this.unsubscribe = bus.subscribe((audience, event, id) => this.dispatch(audience, event, id));
  }

  get size() {
    return this.all.size;
  }

  add(client: StreamClient): () => void {
    this.all.add(client);
    let set = this.byUser.get(client.userId);
    if (!set) this.byUser.set(client.userId, (set = new Set()));
    set.add(client);
    if (!this.sessionTimer) {
      this.sessionTimer = setInterval(() => void this.checkSessions(), SESSION_CHECK_MS);
      this.sessionTimer.unref();
    }
    return () => {
      this.all.delete(client);
      const own = this.byUser.get(client.userId);
      own?.delete(client);
      if (own && own.size === 0) this.byUser.delete(client.userId);
      if (this.all.size === 0 && this.sessionTimer) {
        clearInterval(this.sessionTimer);
        this.sessionTimer = null;
      }
    };
  }

  dispatch(audience: Audience, event: RealtimeEvent, id?: number) {
    if (id !== undefined) this.lastId = Math.max(this.lastId ?? 0, id);
    const chunk = sseEvent(event, id);
    const send = (client: StreamClient) => {
      if (!client.push(chunk, id)) client.close();
    };
    if ('everyone' in audience) {
      for (const client of this.all) send(client);
      return;
    }
    for (const userId of new Set(audience.users)) {
      const set = this.byUser.get(userId);
      if (set) for (const client of set) send(client);
    }
  }

  /** Closes the streams whose session no longer holds. One query for all of them; one at a time. */
  async checkSessions(): Promise<void> {
    if (this.checking || this.all.size === 0) return;
    this.checking = true;
    const started = performance.now();
    try {
      const clients = [...this.all];
      const tokens = [...new Set(clients.map((c) => c.sessionToken))];
      const rows = await queryRows<{ token: string }>(
        this.options.db,
        sql`SELECT s.token FROM session s LEFT JOIN profiles p ON p.id = s.user_id
             WHERE s.token = ANY(${sql.param(tokens)}::text[]) AND s.expires_at > now() AND NOT coalesce(p.is_banned, false)`,
      );
      const alive = new Set(rows.map((r) => r.token));
      for (const client of clients) if (!alive.has(client.sessionToken)) client.close();
    } catch (err) {
      // The database is away: the streams stay; the next check decides.
      this.options.logger?.warn({ err }, 'realtime: session check failed');
    } finally {
      this.checking = false;
      this.lastCheckMs = performance.now() - started;
    }
  }

  /** Waits until the events published so far can be read back from the log. */
  flushed() {
    return this.bus.flushed();
  }

  get log() {
    return this.bus.log;
  }

  stop() {
    this.unsubscribe();
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    this.sessionTimer = null;
    for (const client of this.all) client.close();
  }
}

/** The hub of each bus's app, for tests and the bench to count open streams. */
export const hubOf = new WeakMap<EventBus, StreamHub>();

export const sseComment = (text: string) => encoder.encode(`: ${text}\n\n`);
export const sseRaw = (text: string) => encoder.encode(text);
