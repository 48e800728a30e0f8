import { createHash } from 'node:crypto';
import { UPLOAD_FILE_NAME, UPLOAD_USER_FOLDER } from '../../../shared/settings';

/**
 * Where uploaded files (avatars) live. One interface, three adapters (docs/decisions/012): files under
 * DATA_DIR/uploads served by our own server (one machine: the offline default on PGlite), a table of
 * the database (the default on PostgreSQL, so every instance serves every picture), or an
 * S3-compatible bucket when configured. Keys are always `{userId}/{name}` as made by `uploadKey`;
 * adapters never see user input unchecked.
 */
export type StorageKind = 'local' | 'database' | 's3';

export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

export interface Storage {
  readonly kind: StorageKind;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under this key. */
  get(key: string): Promise<StoredFile | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The keys in one user's folder. */
  listUser(userId: string): Promise<string[]>;
  /** Every stored file, with when it was written: what the upload sweeper looks through. */
  listAll(): AsyncIterable<StoredEntry>;
  /** Removes what interrupted writes left behind before `before` (local temporary files; database and S3 writes are atomic). */
  removeLeftovers(before: Date): Promise<number>;
  /** The URL browsers load the file from. */
  publicUrl(key: string): string;
  /**
   * Private files (data export ZIPs, decision 056), keyed `exports/{userId}/{32 hex}.zip` (PRIVATE_KEY):
   * never served by URL, never listed with the uploads (so the upload sweeper leaves them alone);
   * the data export module deletes them when their link expires.
   */
  putPrivate(key: string, body: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  getPrivate(key: string): Promise<Buffer | null>;
  /** Removes the file; a missing file is not an error. */
  deletePrivate(key: string): Promise<void>;
  /** The key behind a URL this storage handed out, or null when the URL is not one of ours. */
  keyFromUrl(url: string): string | null;
}

/**
 * `{userId}/{hash}.{png|jpg}` (or a legacy `{userId}/{timestamp}.{ext}`): the only shape of key we
 * store, so the only one we serve.
 */
export const UPLOAD_KEY = new RegExp(`^(${UPLOAD_USER_FOLDER.source.slice(1, -1)})\\/(${UPLOAD_FILE_NAME.source.slice(1, -1)})$`);

/** The key of a picture: the user's folder and the first 16 hex digits of the SHA-256 of its bytes. */
export function uploadKey(userId: string, body: Buffer, ext: 'png' | 'jpg'): string {
  const key = `${userId}/${createHash('sha256').update(body).digest('hex').slice(0, 16)}.${ext}`;
  if (!isUploadKey(key)) throw new Error(`invalid storage key: ${key}`);
  return key;
}

/** The only shape of private key: a data export's ZIP in its user's folder. */
export const PRIVATE_KEY = new RegExp(`^exports\\/(${UPLOAD_USER_FOLDER.source.slice(1, -1)})\\/[0-9a-f]{32}\\.zip$`);

/** Throws unless `key` is a private key (PRIVATE_KEY): adapters never see anything else. */
export function checkPrivateKey(key: string): string {
  if (!PRIVATE_KEY.test(key)) throw new Error(`invalid private storage key: ${key}`);
  return key;
}

export const LOCAL_UPLOADS_PATH = '/api/uploads';

export function contentTypeOf(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

export const USER_FOLDER = UPLOAD_USER_FOLDER;

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key);
}

/** The key after `base/`, when `url` is `base/{valid key}`. */
export function keyAfter(base: string, url: string): string | null {
  if (!url.startsWith(`${base}/`)) return null;
  const key = url.slice(base.length + 1);
  return isUploadKey(key) ? key : null;
}
