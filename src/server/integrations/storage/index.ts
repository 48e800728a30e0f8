import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { Storage, StoredFile } from './storage';

/** The configured storage: an S3-compatible bucket with S3_BUCKET, else files under DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'storage'>): Storage {
  return config.storage.s3 ? new S3Storage(config.storage.s3) : new LocalStorage(config.storage.uploadsDir);
}

/** Deletes the files in a user's folder except `keep`: pictures replaced or never saved, or all of them when the account goes. */
export async function removeUserFiles(storage: Storage, userId: string, keep?: string | null): Promise<number> {
  const stale = (await storage.listUser(userId)).filter((key) => key !== keep);
  for (const key of stale) await storage.delete(key);
  return stale.length;
}
