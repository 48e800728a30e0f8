/**
 * Where uploaded files (avatars) live. One interface, two adapters: files under DATA_DIR/uploads
 * served by our own server (the offline default), or an S3-compatible bucket when configured.
 * Keys are always `{userId}/{name}` as made by the caller; adapters never see user input unchecked.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface StoredEntry {
  key: string;
  modifiedAt: Date;
}

export interface Storage {
  readonly kind: 'local' | 's3';
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
  /** Removes what interrupted writes left behind before `before` (local temporary files; S3 writes are atomic). */
  removeLeftovers(before: Date): Promise<number>;
  /** The URL browsers load the file from. */
  publicUrl(key: string): string;
  /** The key behind a URL this storage handed out, or null when the URL is not one of ours. */
  keyFromUrl(url: string): string | null;
}

/** `{userId}/{timestamp}.{png|jpg}`: the only shape of key we store, so the only one we serve. */
export const UPLOAD_KEY = /^([A-Za-z0-9_-]{1,64})\/(\d{1,16}\.(?:png|jpg))$/;

export const LOCAL_UPLOADS_PATH = '/api/uploads';

export function contentTypeOf(key: string): string {
  return key.endsWith('.png') ? 'image/png' : 'image/jpeg';
}

export const USER_FOLDER = /^[A-Za-z0-9_-]{1,64}$/;

export function isUploadKey(key: string): boolean {
  return UPLOAD_KEY.test(key);
}

/** The key after `base/`, when `url` is `base/{valid key}`. */
export function keyAfter(base: string, url: string): string | null {
  if (!url.startsWith(`${base}/`)) return null;
  const key = url.slice(base.length + 1);
  return isUploadKey(key) ? key : null;
}
