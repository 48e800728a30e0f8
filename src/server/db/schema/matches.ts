import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * How many favorites rows each title has, kept by statement triggers on favorites (migration
 * match_title_fans). The match search (modules/matches/ranking.ts) reads it to pick which of a
 * user's titles are rare enough to scan fan by fan; the ranking never depends on it being exact
 * (decision 014).
 */
export const titleFans = pgTable(
  'title_fans',
  {
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    mediaId: integer('media_id').notNull(),
    fans: integer('fans').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.mediaId] })],
);

/**
 * A free user's matches of the day (ruling 20): the first three of their ranking at their first
 * visit of the UTC day, kept until the next day. One row per user; a new day replaces it.
 */
export const matchDaily = pgTable('match_daily', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  matchIds: text('match_ids').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
