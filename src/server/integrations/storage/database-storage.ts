import { eq, gt, sql } from 'drizzle-orm';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { storedExports, storedUploads } from '../../db/schema';
import { checkPrivateKey, contentTypeOf, isUploadKey, keyAfter, LOCAL_UPLOADS_PATH, type Storage, type StoredEntry, type StoredFile, USER_FOLDER } from './storage';

/** Rows read per page when the sweeper lists every picture (keys and dates only, never the bytes). */
const LIST_PAGE = 1_000;

const isForeignKeyViolation = (error: unknown) => (error as { code?: string }).code === '23503' || (error as { cause?: { code?: string } }).cause?.code === '23503';

/**
 * The pictures asked in one event-loop turn, in one prepared statement (decision 022): a page of
 * cards asks for many avatars at once, and many viewers for the same one, which is then read once.
 * Read after it was asked, so a deleted picture (or account) is gone for the next request.
 */
const readUpload = batchedRead<string, Buffer | null>(
  async (db, keys) => {
    const rows = await uploadsStatementOf(db).execute({ keys: JSON.stringify(keys) });
    return new Map(rows.map((r) => [r.key, r.body]));
  },
  () => null,
);

const uploadsStatementOf = preparedPerDatabase((db: Database) =>
  db
    .select({ key: storedUploads.key, body: storedUploads.body })
    .from(storedUploads)
    .where(sql`${storedUploads.key} IN (SELECT json_array_elements_text(${sql.placeholder('keys')}::json))`)
    .prepare('stored_uploads_by_key'),
);

/**
 * Pictures in the database's `stored_uploads` table, served by our server at /api/uploads/{key}
 * (docs/decisions/012). Every instance on one PostgreSQL reads the same rows, so a picture uploaded
 * through one is saved and shown through any other, and a deleted account's pictures go with its
 * row (ON DELETE CASCADE) for every instance at once.
 */
export class DatabaseStorage implements Storage {
  readonly kind = 'database' as const;
  constructor(private readonly db: Database) {}

  /** Writes the picture; writing the same key again (the same bytes: keys carry their hash) renews its date. */
  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!isUploadKey(key)) throw new Error(`invalid storage key: ${key}`);
    await this.insert(key, body, contentType, new Date(), true);
  }

  /**
   * One row; false when the user no longer exists (their account was deleted meanwhile). `replace`
   * overwrites a row of the same key, else the row already there is kept.
   */
  private async insert(key: string, body: Buffer, contentType: string, createdAt: Date, replace: boolean): Promise<boolean> {
    const userId = key.slice(0, key.indexOf('/'));
    const insert = this.db.insert(storedUploads).values({ key, userId, contentType, body, createdAt });
    try {
      await (replace ? insert.onConflictDoUpdate({ target: storedUploads.key, set: { body, contentType, createdAt } }) : insert.onConflictDoNothing());
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isUploadKey(key)) return null;
    const body = await readUpload(this.db, key);
    // The type follows the key's extension, as with the other adapters (the row's is the same, by check).
    return body ? { body, contentType: contentTypeOf(key) } : null;
  }

  async exists(key: string): Promise<boolean> {
    if (!isUploadKey(key)) return false;
    const [row] = await this.db.select({ key: storedUploads.key }).from(storedUploads).where(eq(storedUploads.key, key));
    return !!row;
  }

  async delete(key: string): Promise<void> {
    if (!isUploadKey(key)) return;
    await this.db.delete(storedUploads).where(eq(storedUploads.key, key));
  }

  async listUser(userId: string): Promise<string[]> {
    if (!USER_FOLDER.test(userId)) return [];
    const rows = await this.db.select({ key: storedUploads.key }).from(storedUploads).where(eq(storedUploads.userId, userId));
    return rows.map((r) => r.key).filter(isUploadKey);
  }

  async *listAll(): AsyncIterable<StoredEntry> {
    // Keyset pages in key order (the primary key), so a long table is never read in one go.
    let after: string | undefined;
    for (;;) {
      const page = await this.db
        .select({ key: storedUploads.key, createdAt: storedUploads.createdAt })
        .from(storedUploads)
        .where(after === undefined ? undefined : gt(storedUploads.key, after))
        .orderBy(storedUploads.key)
        .limit(LIST_PAGE);
      for (const row of page) if (isUploadKey(row.key)) yield { key: row.key, modifiedAt: row.createdAt };
      if (page.length < LIST_PAGE) return;
      after = page[page.length - 1]!.key;
    }
  }

  /** An INSERT stores the whole picture or nothing: no leftovers. */
  removeLeftovers(): Promise<number> {
    return Promise.resolve(0);
  }

  /**
   * Moves pictures from another storage (this instance's DATA_DIR/uploads, from before the database
   * adapter) into the table, keeping their dates, and deletes them there. A picture of an account
   * that no longer exists is only deleted. Returns how many were moved.
   */
  async moveFrom(source: Storage): Promise<number> {
    let moved = 0;
    for await (const entry of source.listAll()) {
      const file = await source.get(entry.key);
      if (!file) continue;
      if (await this.insert(entry.key, file.body, file.contentType, entry.modifiedAt, false)) moved++;
      await source.delete(entry.key);
    }
    return moved;
  }

  /** Private files are rows of `stored_exports`, which no route serves. */
  async putPrivate(key: string, body: Buffer): Promise<void> {
    const userId = checkPrivateKey(key).split('/')[1]!;
    await this.db
      .insert(storedExports)
      .values({ key, userId, body })
      .onConflictDoUpdate({ target: storedExports.key, set: { body, createdAt: new Date() } });
  }

  async getPrivate(key: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ body: storedExports.body })
      .from(storedExports)
      .where(eq(storedExports.key, checkPrivateKey(key)));
    return row?.body ?? null;
  }

  async deletePrivate(key: string): Promise<void> {
    await this.db.delete(storedExports).where(eq(storedExports.key, checkPrivateKey(key)));
  }

  publicUrl(key: string): string {
    return `${LOCAL_UPLOADS_PATH}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    return keyAfter(LOCAL_UPLOADS_PATH, url);
  }
}
