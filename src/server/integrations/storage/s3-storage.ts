import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { checkPrivateKey, contentTypeOf, isUploadKey, keyAfter, LOCAL_UPLOADS_PATH, type Storage, type StoredEntry, type StoredFile, USER_FOLDER } from './storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers load objects from (a CDN or the bucket's public URL); without it, our server serves them. */
  publicUrl?: string;
}

const notFound = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** An S3-compatible bucket (AWS, MinIO, R2, ...). Objects are written with a long cache and their content type. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      // Custom endpoints (MinIO and the like) rarely have per-bucket DNS names.
      forcePathStyle: !!settings.endpoint,
      credentials: settings.credentials,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    if (!isUploadKey(key)) throw new Error(`invalid storage key: ${key}`);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isUploadKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      const bytes = await out.Body!.transformToByteArray();
      return { body: Buffer.from(bytes), contentType: contentTypeOf(key) };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isUploadKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isUploadKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async listUser(userId: string): Promise<string[]> {
    if (!USER_FOLDER.test(userId)) return [];
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: `${userId}/`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key && isUploadKey(o.Key)) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async *listAll(): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? []) if (o.Key && isUploadKey(o.Key)) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** A PutObject either stores the whole object or nothing: no leftovers. */
  removeLeftovers(): Promise<number> {
    return Promise.resolve(0);
  }

  /**
   * Private files under `exports/`, written `private, no-store` and never linked: their names hold 128
   * random bits, and a bucket made public for avatars should exclude the prefix (docs/decisions/056).
   */
  async putPrivate(key: string, body: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.settings.bucket, Key: checkPrivateKey(key), Body: body, ContentType: 'application/zip', CacheControl: 'private, no-store' }),
    );
  }

  async getPrivate(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: checkPrivateKey(key) }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async deletePrivate(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: checkPrivateKey(key) }));
  }

  publicUrl(key: string): string {
    return `${this.settings.publicUrl ?? LOCAL_UPLOADS_PATH}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    return keyAfter(this.settings.publicUrl ?? LOCAL_UPLOADS_PATH, url);
  }
}
