import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** PostgreSQL `bytea`, read as a Buffer whichever driver answers (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded pictures kept in the database (storage adapter `database`, docs/decisions/012): the
 * re-encoded avatars, at most 512x512 and tens of kilobytes, so that every instance on one
 * PostgreSQL serves every picture. A user's pictures go with the account (ON DELETE CASCADE).
 */
export const storedUploads = pgTable(
  'stored_uploads',
  {
    /** `{userId}/{hash}.{png|jpg}` (integrations/storage/storage.ts UPLOAD_KEY). */
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    body: bytea('body').notNull(),
    /** When it was (last) written: the upload sweeper's grace period counts from here. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stored_uploads_user_id_idx').on(t.userId),
    index('stored_uploads_created_at_idx').on(t.createdAt),
    // The key is in the user's own folder, and a picture is never larger than an upload may be.
    check('stored_uploads_key_in_folder', sql`starts_with(${t.key}, ${t.userId} || '/')`),
    check('stored_uploads_body_size', sql`octet_length(${t.body}) <= 2097152`),
    check('stored_uploads_content_type', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
  ],
);
