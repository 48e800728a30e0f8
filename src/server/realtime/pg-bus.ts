import pg from 'pg';
import { z } from 'zod';
import { realtimeEventSchema } from '../../shared/realtime';
import type { Logger } from '../logger';
import type { Audience, BusListener, EventBus, RealtimeEvent } from './bus';

export const PG_CHANNEL = 'reelmates_events';
/** NOTIFY payloads are limited to 8,000 bytes; events carry ids only, far below that. */
const MAX_PAYLOAD = 7_900;

/**
 * What another instance NOTIFYed. Parsed, not trusted: an instance of another version (a rolling
 * deploy) may send an event this one does not know, which is logged and not passed on.
 */
const notificationSchema = z.object({
  audience: z.union([z.object({ users: z.array(z.string()) }), z.object({ everyone: z.literal(true) })]),
  event: realtimeEventSchema,
});

/**
 * The event bus across server processes on one PostgreSQL: publish is a NOTIFY on one channel with
 * JSON {audience, event}; a dedicated connection LISTENs and hands each notification to this
 * process's listeners (its open streams). When the listening connection drops it reconnects with
 * backoff and then tells local listeners `resync` (audience everyone), so open tabs refetch what
 * they may have missed while it was away.
 */
export class PgBus implements EventBus {
  private readonly listeners = new Set<BusListener>();
  private client: pg.Client | null = null;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private attempt = 0;

  constructor(
    private readonly options: { url: string; pool: pg.Pool; logger: Pick<Logger, 'warn' | 'info' | 'error'>; channel?: string },
  ) {}

  private get channel() {
    return this.options.channel ?? PG_CHANNEL;
  }

  /** Connects the listener; resolves once LISTEN is in place. */
  async start() {
    await this.connect(false);
  }

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
      this.deliver(parsed.data.audience, parsed.data.event);
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
      this.deliver({ everyone: true }, { type: 'resync' });
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

  private deliver(audience: Audience, event: RealtimeEvent) {
    for (const listener of this.listeners) {
      try {
        listener(audience, event);
      } catch {
        // One broken stream must not stop delivery to the others.
      }
    }
  }

  publish(audience: Audience, event: RealtimeEvent) {
    if (this.stopped) return;
    const payload = JSON.stringify({ audience, event });
    if (payload.length > MAX_PAYLOAD) {
      this.options.logger.error({ type: event.type, bytes: payload.length }, 'realtime: event too large for NOTIFY; dropped');
      return;
    }
    this.options.pool.query('SELECT pg_notify($1, $2)', [this.channel, payload]).catch((err: unknown) => {
      this.options.logger.warn({ err, type: event.type }, 'realtime: publish failed');
    });
  }

  subscribe(listener: BusListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
