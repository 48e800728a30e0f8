import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Addresses a user has signed in from (a keyed hash of the address, never the address itself).
 * Guessing one account's password from many addresses blocks new addresses after a bound; an
 * address the owner has used before keeps working, so an attacker cannot lock the owner out.
 */
export const knownSignIns = pgTable(
  'known_sign_ins',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);
