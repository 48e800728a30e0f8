import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Direct messages (spec 000 §3). sender_id and receiver_id become NULL when that account is deleted,
 * so the other participant keeps the conversation; user_a and user_b (the two ids, sorted) are the
 * conversation's key and outlive the accounts, so the conversation keeps its identity and shows
 * 'Deleted user'. They carry no foreign key on purpose.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userA: text('user_a').notNull(),
    userB: text('user_b').notNull(),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    receiverId: text('receiver_id').references(() => user.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The sending tab's id for this message, so a retried send whose answer was lost stores nothing twice. */
    clientId: uuid('client_id'),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_pair_created_idx').on(t.userA, t.userB, t.createdAt),
    index('messages_user_b_idx').on(t.userB, t.createdAt),
    index('messages_receiver_unread_idx')
      .on(t.receiverId)
      .where(sql`${t.read} = false`),
    uniqueIndex('messages_sender_client_idx')
      .on(t.senderId, t.clientId)
      .where(sql`${t.clientId} IS NOT NULL`),
    check('messages_pair_sorted', sql`${t.userA} < ${t.userB}`),
  ],
);
