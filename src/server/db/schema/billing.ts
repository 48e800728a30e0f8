import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Every billing event applied, by the provider's event id: a redelivery finds its id and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The offline test checkout's sessions (what Stripe keeps on its side when Stripe is configured). */
export const testCheckouts = pgTable('test_checkouts', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['subscription', 'donation'] }).notNull(),
  userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
  plan: text('plan', { enum: ['monthly', 'yearly'] }),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['open', 'complete'] })
    .notNull()
    .default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time donations (ruling 15), stored when the provider says the payment completed; admins read them. */
export const donations = pgTable(
  'donations',
  {
    /** The checkout session's id: a redelivered event cannot count a donation twice. */
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('donations_created_at_idx').on(t.createdAt)],
);
