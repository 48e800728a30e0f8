import { type Config, storageKind } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { DatabaseStorage } from './database-storage';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { Storage, StorageKind, StoredFile } from './storage';
export { DatabaseStorage } from './database-storage';
export { LocalStorage } from './local-storage';

/**
 * The configured storage (docs/decisions/012): STORAGE when set; else an S3-compatible bucket with
 * S3_BUCKET; else the database on PostgreSQL and files under DATA_DIR/uploads on PGlite.
 */
export function createStorage(config: Pick<Config, 'storage'>, database: Pick<DatabaseHandle, 'db' | 'kind'>): Storage {
  const kind = storageKind(config, database.kind);
  if (kind === 's3') {
    if (!config.storage.s3) throw new Error('STORAGE=s3 needs S3_BUCKET');
    return new S3Storage(config.storage.s3);
  }
  return kind === 'database' ? new DatabaseStorage(database.db) : new LocalStorage(config.storage.uploadsDir);
}

/** Deletes the files in a user's folder except `keep`: pictures replaced or never saved, or all of them when the account goes. */
export async function removeUserFiles(storage: Storage, userId: string, keep?: string | null): Promise<number> {
  const stale = (await storage.listUser(userId)).filter((key) => key !== keep);
  for (const key of stale) await storage.delete(key);
  return stale.length;
}
