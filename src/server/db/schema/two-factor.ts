import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Better Auth's two-factor plugin (issue 20, part 3; decision 043): one row per user who began
 * setting up TOTP. `secret` and `backupCodes` are encrypted with the auth secret by Better Auth;
 * `verified` turns true when the first code confirms the setup. `failedVerificationCount` and
 * `lockedUntil` are the plugin's per-account lock after too many wrong codes.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);

/**
 * The devices a user has signed in with, named as the signed-in devices list names them (browser
 * and system, decision 024; no version, which changes with every update). A sign-in from a device
 * not in this list is told by mail (issue 20, part 6; decision 045).
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);
