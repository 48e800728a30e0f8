import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable mail outbox. A request only inserts a row; a background worker sends it, retrying with
 * backoff, so a slow or failing transport never blocks a request and no mail is lost.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Where replies go when not to the sender: the visitor who wrote a contact-form message. */
    replyTo: text('reply_to'),
    /** Further headers of this mail, such as `Auto-Submitted: auto-generated` on notification mails. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** `failed`: the relay refused it for good (a 5xx, or a 4xx past the retry window); `last_error` holds its answer. */
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** End of the current sender's lease; the sender renews it while it works on the row. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** The claim holding the lease: only that claim renews it or puts the row back after a failure. */
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    transport: text('transport'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_at_idx').on(t.createdAt),
    // The dev mailbox lists one address's mails, newest first.
    index('mail_outbox_to_created_at_idx').on(t.to, t.createdAt),
  ],
);

/**
 * Addresses the relay refused for good (decision 049): no notification mail is queued to one while
 * it is here. A mail the user asks for again (a verification, a reset) is still tried, and any mail
 * the relay accepts for the address takes it off, as does a verification of it or "Try again" in
 * Settings. Kept by address, lower-cased, so a changed e-mail is a fresh start.
 */
export const undeliverableAddresses = pgTable('undeliverable_addresses', {
  email: text('email').primaryKey(),
  /** The relay's answer, such as `550 5.1.1 No such user`. */
  reason: text('reason').notNull(),
  /** The outbox row whose refusal marked it. */
  mailId: uuid('mail_id'),
  markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
});
