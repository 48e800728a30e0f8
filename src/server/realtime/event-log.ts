import { sql } from 'drizzle-orm';
import { realtimeEventSchema } from '../../shared/realtime';
import { type Database, queryRows } from '../db/client';
import type { Audience, RealtimeEvent } from './bus';

/** A client away longer than this is told to refetch (`resync`) instead of being sent what it missed. */
export const REPLAY_WINDOW_MS = 10 * 60_000;
/** Rows are kept a minute longer than the window, so an id at its edge is still found and judged. */
const KEEP_MS = REPLAY_WINDOW_MS + 60_000;
/** More missed events than this: refetching is cheaper than replaying. */
export const MAX_REPLAY = 1_000;

export interface LoggedEvent {
  id: number;
  audience: Audience;
  event: RealtimeEvent;
}

/** `users` as stored: the user ids, or NULL for everyone. */
export const audienceColumn = (audience: Audience): string[] | null => ('everyone' in audience ? null : [...new Set(audience.users)]);

/**
 * The table of recent events (`realtime_events`): each published event is a row whose id is the
 * SSE event id. Replay reads the rows after a client's last id with the very rule of live delivery
 * (StreamHub.dispatch): the rows for everyone and those whose audience names the user.
 */
export class EventLog {
  constructor(private readonly db: Database) {}

  /**
   * Writes events under the ids the in-process bus gave them, in one statement, and moves the id
   * sequence along with the largest. (PgBus writes its own rows, with the sequence's ids, in the
   * statement that NOTIFYs.)
   */
  async append(events: readonly LoggedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const rows = JSON.stringify(events.map((e) => ({ id: e.id, audience: audienceColumn(e.audience), event: e.event })));
    await this.db.execute(
      sql`WITH ins AS (INSERT INTO realtime_events (id, audience, event)
            SELECT id, audience, event FROM json_to_recordset(${rows}::json) AS r(id bigint, audience text[], event jsonb) RETURNING id)
          SELECT setval(pg_get_serial_sequence('realtime_events', 'id'), max(id)) FROM ins`,
    );
  }

  /** The largest id ever given (the sequence keeps it after its rows are pruned), 0 for none. */
  async highWaterMark(): Promise<number> {
    const [row] = await queryRows<{ id: string }>(
      this.db,
      sql`SELECT greatest((SELECT coalesce(max(id), 0) FROM realtime_events), (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM realtime_events_id_seq))::text AS id`,
    );
    return Number(row?.id ?? 0);
  }

  /**
   * What `userId` missed after event `afterId`, oldest first; null when that id is unknown or older
   * than the replay window, or when more than MAX_REPLAY events were missed: the client must refetch.
   */
  async missedBy(userId: string, afterId: number): Promise<LoggedEvent[] | null> {
    const rows = await queryRows<{ id: string; audience: string[] | null; event: unknown; fresh: boolean | null }>(
      this.db,
      sql`SELECT NULL::text AS id, NULL::text[] AS audience, NULL::jsonb AS event, (created_at > now() - make_interval(secs => ${REPLAY_WINDOW_MS / 1000})) AS fresh
            FROM realtime_events WHERE id = ${afterId}
          UNION ALL
          (SELECT id::text, audience, event, NULL FROM realtime_events
            WHERE id > ${afterId} AND (audience IS NULL OR ${userId} = ANY(audience))
            ORDER BY realtime_events.id LIMIT ${MAX_REPLAY + 1})`,
    );
    const anchor = rows.find((r) => r.id === null);
    if (!anchor?.fresh) return null;
    const missed = rows.filter((r) => r.id !== null);
    if (missed.length > MAX_REPLAY) return null;
    return parsed(missed.map((r) => ({ id: Number(r.id), audience: r.audience, event: r.event })));
  }

  /**
   * Every event after `afterId` with its audience (an instance whose listener was down hands them to
   * its own streams); null when there are too many or `afterId` is no longer kept.
   */
  async after(afterId: number): Promise<LoggedEvent[] | null> {
    const rows = await queryRows<{ id: string | null; audience: string[] | null; event: unknown }>(
      this.db,
      sql`SELECT NULL::text AS id, NULL::text[] AS audience, NULL::jsonb AS event FROM realtime_events WHERE id = ${afterId}
          UNION ALL
          (SELECT id::text, audience, event FROM realtime_events WHERE id > ${afterId} ORDER BY realtime_events.id LIMIT ${MAX_REPLAY + 1})`,
    );
    if (!rows.some((r) => r.id === null)) return null;
    const missed = rows.filter((r) => r.id !== null);
    if (missed.length > MAX_REPLAY) return null;
    return parsed(missed.map((r) => ({ id: Number(r.id), audience: r.audience, event: r.event })));
  }

  /** Prunes now and every minute until the returned function is called. */
  startPruning(onError: (err: unknown) => void): () => void {
    const run = () => void this.prune().catch(onError);
    run();
    const timer = setInterval(run, 60_000);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Deletes the rows past the window; any instance may, at any time. */
  async prune(): Promise<void> {
    await this.db.execute(sql`DELETE FROM realtime_events WHERE created_at < now() - make_interval(secs => ${KEEP_MS / 1000})`);
  }
}

/** Rows of another version (an event this one does not know) are left out, as live delivery does. */
function parsed(rows: { id: number; audience: string[] | null; event: unknown }[]): LoggedEvent[] {
  const out: LoggedEvent[] = [];
  for (const row of rows) {
    const event = realtimeEventSchema.safeParse(row.event);
    if (event.success) out.push({ id: row.id, audience: row.audience ? { users: row.audience } : { everyone: true }, event: event.data });
  }
  return out;
}
