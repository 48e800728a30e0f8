import pg from 'pg';
import { z } from 'zod';
import { realtimeEventSchema } from '../../shared/realtime';
import type { Logger } from '../logger';
import { type Audience, type BusListener, deliverTo, type EventBus, type RealtimeEvent } from './bus';
import { audienceColumn, type EventLog } from './event-log';

export const PG_CHANNEL = 'reelmates_events';
/** NOTIFY payloads are limited to 8,000 bytes; events carry ids only, far below that. */
const MAX_PAYLOAD = 7_900;

/**
 * What another instance NOTIFYed. Parsed, not trusted: an instance of another version (a rolling
 * deploy) may send an event this one does not know, which is logged and not passed on.
 */
const notificationSchema = z.object({
  /** The event's row in realtime_events (absent from an instance of an older version). */
  id: z.number().int().positive().optional(),
  audience: z.union([z.object({ users: z.array(z.string()) }), z.object({ everyone: z.literal(true) })]),
  event: realtimeEventSchema,
});

/**
 * The event bus across server processes on one PostgreSQL: publish is one statement that writes the
 * event to realtime_events and NOTIFYs {id, audience, event} on one channel (delivered at commit, so
 * in commit order); a dedicated connection LISTENs and hands each notification to this process's
 * listeners (its open streams). When the listening connection drops it reconnects with backoff and
 * then hands its listeners, from the table, the events it missed meanwhile; when it cannot (nothing
 * seen yet, too many, or too old) it tells them `resync` (audience everyone), so open tabs refetch.
 */
export class PgBus implements EventBus {
  private readonly listeners = new Set<BusListener>();
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;
  /** The newest event id this instance has heard, to catch up from after a lost listener. */
  private lastSeenId = 0;
  /** While catching up: the ids heard live meanwhile, which the catch-up must not hand out again. */
  private heardWhileCatchingUp: Set<number> | null = null;

  constructor(private readonly options: { url: string; pool: pg.Pool; log: EventLog; logger: Pick<Logger, 'warn' | 'info' | 'error'>; channel?: string }) {}

  get log() {
    return this.options.log;
  }

  /** Live events arrive after their commit, so what reached a stream is already readable. */
  flushed() {
    return Promise.resolve();
  }

  private get channel() {
    return this.options.channel ?? PG_CHANNEL;
  }

  /** Connects the listener; resolves once LISTEN is in place. */
  async start() {
    await this.connect(false);
    this.stopPruning = this.options.log.startPruning((err) => this.options.logger.warn({ err }, 'realtime: pruning the event log failed'));
  }
  private stopPruning = () => {};

  private async connect(isReconnect: boolean) {
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    client.on('notification', (msg) => {
      if (msg.channel !== this.channel || !msg.payload) return;
      let payload: unknown;
      try {
        payload = JSON.parse(msg.payload);
      } catch (err) {
        this.options.logger.warn({ err }, 'realtime: unreadable notification');
        return;
      }
      const parsed = notificationSchema.safeParse(payload);
      if (!parsed.success) {
        this.options.logger.warn({ issues: parsed.error.issues }, 'realtime: unknown event in notification; dropped');
        return;
      }
      const { id, audience, event } = parsed.data;
      if (id !== undefined) {
        this.lastSeenId = Math.max(this.lastSeenId, id);
        this.heardWhileCatchingUp?.add(id);
      }
      this.deliver(audience, event, id);
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (!this.stopped) {
        this.options.logger.warn({ err }, 'realtime: listener connection lost; reconnecting');
        this.scheduleReconnect();
      }
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      client.end().catch(() => {});
      if (!isReconnect) throw err;
      this.options.logger.warn({ err }, 'realtime: listener reconnect failed');
      this.scheduleReconnect();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.attempt = 0;
    if (isReconnect) {
      this.options.logger.info('realtime: listener reconnected');
      await this.catchUp();
    }
  }

  /** After the listener was down: the events published meanwhile, from the table, else `resync`. */
  private async catchUp() {
    const from = this.lastSeenId;
    const heard = (this.heardWhileCatchingUp = new Set());
    try {
      const missed = from > 0 ? await this.options.log.after(from).catch(() => null) : null;
      if (!missed) {
        this.deliver({ everyone: true }, { type: 'resync' });
        return;
      }
      for (const row of missed) {
        // What was NOTIFYed since LISTEN was back is in the table too: each id once.
        if (heard.has(row.id)) continue;
        this.deliver(row.audience, row.event, row.id);
        this.lastSeenId = Math.max(this.lastSeenId, row.id);
      }
    } finally {
      this.heardWhileCatchingUp = null;
    }
  }

  private scheduleReconnect() {
    if (this.stopped || this.retryTimer) return;
    const delay = Math.min(30_000, 250 * 2 ** this.attempt++);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect(true);
    }, delay);
    this.retryTimer.unref();
  }

  private deliver(audience: Audience, event: RealtimeEvent, id?: number) {
    deliverTo(this.listeners, audience, event, id);
  }

  publish(audience: Audience, event: RealtimeEvent) {
    if (this.stopped) return;
    const eventText = JSON.stringify(event);
    const audienceText = JSON.stringify(audience);
    if (`{"id":${Number.MAX_SAFE_INTEGER},"audience":${audienceText},"event":${eventText}}`.length > MAX_PAYLOAD) {
      this.options.logger.error({ type: event.type, bytes: eventText.length + audienceText.length }, 'realtime: event too large for NOTIFY; dropped');
      return;
    }
    this.pending.push({ audience: audienceColumn(audience), event: eventText, aud: audienceText });
    if (this.pending.length === 1) setImmediate(() => void this.flushPending());
  }

  /** Events published in this turn of the event loop, written and NOTIFYed together by flushPending. */
  private pending: { audience: string[] | null; event: string; aud: string }[] = [];

  /**
   * One statement, one transaction for every event published in a turn of the event loop: their rows
   * and their notifications exist together, or none of them, in the order they were published.
   * NOTIFY serializes committing transactions on one lock held until the commit is flushed; one
   * commit for a batch instead of one per event, and that commit not waiting for its WAL flush
   * (synchronous_commit off for this transaction only), keep writers from queueing on it. An event
   * lost to a database crash in the flush's fraction of a second is what a lost listener already
   * handles: the client's replay finds its id unknown and refetches (`resync`). Data is never
   * written here: each change commits durably in its own transaction before its event is published.
   */
  private async flushPending() {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    const statement = `WITH s AS (SELECT set_config('synchronous_commit', 'off', true)),
      x AS MATERIALIZED (
        SELECT nextval(pg_get_serial_sequence('realtime_events', 'id')) AS id, r.audience, r.event, r.aud
        FROM (SELECT * FROM json_to_recordset($2::json) AS r(n integer, audience text[], event text, aud text) ORDER BY n) r
      ),
      ins AS (INSERT INTO realtime_events (id, audience, event) SELECT id, audience, event::jsonb FROM x)
      SELECT pg_notify($1, '{"id":' || x.id || ',"audience":' || x.aud || ',"event":' || x.event || '}') FROM x, s ORDER BY x.id`;
    const rows = JSON.stringify(batch.map((e, n) => ({ n, ...e })));
    // Named: each connection plans the publish once (decision 088).
    await this.options.pool.query({ name: 'realtime_publish', text: statement, values: [this.channel, rows] }).catch((err: unknown) => {
      this.options.logger.warn({ err, events: batch.length }, 'realtime: publish failed');
    });
  }

  subscribe(listener: BusListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop() {
    this.stopped = true;
    await this.flushPending();
    this.stopPruning();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
