import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Who blocked whom (issue 20 part 1, ruling 28). One row per pair; the key (blocker, blocked) answers
 * "did A block B" with one index probe, the second index "who blocked B".
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_blocks_pair_pk', columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

/** Who muted whom (issue 20 part 2): hides, for the muter only. One row per pair. */
export const userMutes = pgTable(
  'user_mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    mutedId: text('muted_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'user_mutes_pair_pk', columns: [t.muterId, t.mutedId] }), check('user_mutes_not_self', sql`${t.muterId} <> ${t.mutedId}`)],
);
