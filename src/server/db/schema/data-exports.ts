import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Data exports (issue 21 part 2, decision 056): one row per 'Download my data', a job any instance
 * may claim (`FOR UPDATE SKIP LOCKED`, with a lease so a job of a dead process is taken up again).
 * The mailed link's token is kept only as its SHA-256; the ZIP is in the storage under `fileKey`.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** While running: the claim holds until then; a later claim takes the job over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    leaseToken: uuid('lease_token'),
    tokenHash: text('token_hash'),
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    index('data_exports_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('data_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
    uniqueIndex('data_exports_token_idx').on(t.tokenHash),
    // One export at a time per user, also under concurrent requests.
    uniqueIndex('data_exports_one_open_idx')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The ZIPs of the database storage adapter (docs/decisions/012, 056): private files, never served
 * by URL, never listed with the avatars; they go with the account (ON DELETE CASCADE).
 */
export const storedExports = pgTable(
  'stored_exports',
  {
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    body: bytea('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('stored_exports_key_in_folder', sql`starts_with(${t.key}, 'exports/' || ${t.userId} || '/')`)],
);
