import type { Config } from '../../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

export type { Storage, StoredFile } from './storage';

/** The configured storage: an S3-compatible bucket with S3_BUCKET, else files under DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'storage'>): Storage {
  return config.storage.s3 ? new S3Storage(config.storage.s3) : new LocalStorage(config.storage.uploadsDir);
}
