import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every realtime event published in the last few minutes, so that a client that reconnects with the
 * id of the last event it saw (Last-Event-ID) is sent what it missed, on whichever instance it
 * lands. `audience` holds the user ids the event is for; NULL means everyone. Replay applies the
 * same rule as live delivery (realtime/event-log.ts). Rows older than the replay window are pruned.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    audience: text('audience').array(),
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('realtime_events_created_at_idx').on(t.createdAt)],
);
