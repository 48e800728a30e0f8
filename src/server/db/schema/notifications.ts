import { sql } from 'drizzle-orm';
import { boolean, integer, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../../shared/notifications';
import { user } from './auth';

/** A user's notifications (spec 000 §3), newest first. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    relatedUserId: text('related_user_id').references(() => user.id, { onDelete: 'set null' }),
    data: jsonb('data')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false`),
  ],
);

/**
 * What was already announced, so that a repeated action is told once: one row per kind, recipient,
 * subject (the user who acted) and key: the UTC day for `new_follower` (one per pair a day), the
 * title for `new_favorite_from_following` (one per follower and title, ever). Claimed with
 * INSERT … ON CONFLICT DO NOTHING (notifications/dedup.ts), so concurrent requests cannot both win.
 */
export const notificationDedup = pgTable(
  'notification_dedup',
  {
    kind: text('kind', { enum: ['new_follower', 'new_favorite_from_following', 'new_match'] }).notNull(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Recipient first: the key serves the cascade from a deleted recipient; subject_id has its own.
  (t) => [primaryKey({ columns: [t.recipientId, t.subjectId, t.kind, t.key] }), index('notification_dedup_subject_idx').on(t.subjectId)],
);

/**
 * Unread counters kept by triggers on `notifications` and `messages` (migration unread_counter_triggers,
 * decision 016), so the badges read a few rows instead of counting. `kind` is `notification` or
 * `message`; `author_id` is the author of unread `new_favorite_from_following` notices (ruling 9:
 * they count only while the author's favorites are visible, judged when the count is read), and ''
 * for everything else. Exact under concurrency: every change is a row-locked increment in the
 * transaction of the write itself. A deleted user's rows go with the account (cascade); the author
 * has no foreign key, since deleting an author sets the notices' author to NULL, which the trigger
 * moves to the '' row.
 */
export const unreadCounters = pgTable(
  'unread_counters',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['notification', 'message'] }).notNull(),
    authorId: text('author_id').notNull().default(''),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.authorId] })],
);
