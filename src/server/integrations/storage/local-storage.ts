import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { UPLOAD_FILE_NAME } from '../../../shared/settings';
import { checkPrivateKey, contentTypeOf, isUploadKey, keyAfter, LOCAL_UPLOADS_PATH, type Storage, type StoredEntry, type StoredFile, USER_FOLDER } from './storage';

/** What put() writes before renaming: `{name}.{12 hex}.tmp`, the name being an upload's (`{hash}.{ext}`). */
const TEMP_NAME = new RegExp(`^${UPLOAD_FILE_NAME.source.slice(1, -1)}\\.[0-9a-f]{12}\\.tmp$`);

/** Files under DATA_DIR/uploads, served by our server at /api/uploads/{key}. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly dir: string) {}

  /** The file's path, refusing any key that is not `{userId}/{hash}.{ext}` (UPLOAD_KEY) or that would leave the directory. */
  private pathOf(key: string): string {
    if (!isUploadKey(key)) throw new Error(`invalid storage key: ${key}`);
    const root = path.resolve(this.dir);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`storage key leaves the uploads directory: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, full);
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isUploadKey(key)) return null;
    try {
      return { body: await readFile(this.pathOf(key)), contentType: contentTypeOf(key) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isUploadKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isUploadKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  async listUser(userId: string): Promise<string[]> {
    if (!USER_FOLDER.test(userId)) return [];
    const names = await readdir(path.join(path.resolve(this.dir), userId)).catch(() => [] as string[]);
    return names.map((name) => `${userId}/${name}`).filter(isUploadKey);
  }

  async *listAll(): AsyncIterable<StoredEntry> {
    for (const [full, name] of await this.userFiles()) {
      const key = `${path.basename(path.dirname(full))}/${name}`;
      if (!isUploadKey(key)) continue;
      const info = await stat(full).catch(() => null);
      if (info?.isFile()) yield { key, modifiedAt: info.mtime };
    }
  }

  async removeLeftovers(before: Date): Promise<number> {
    let removed = 0;
    for (const [full, name] of await this.userFiles()) {
      if (!TEMP_NAME.test(name)) continue;
      const info = await stat(full).catch(() => null);
      if (!info || info.mtime >= before) continue; // (a write may be in progress)
      await rm(full, { force: true });
      removed++;
    }
    return removed;
  }

  /** [path, name] of every file in every user folder. */
  private async userFiles(): Promise<[string, string][]> {
    const root = path.resolve(this.dir);
    const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
    const files: [string, string][] = [];
    for (const folder of folders) {
      if (!folder.isDirectory() || !USER_FOLDER.test(folder.name)) continue;
      const names = await readdir(path.join(root, folder.name)).catch(() => [] as string[]);
      for (const name of names) files.push([path.join(root, folder.name, name), name]);
    }
    return files;
  }

  /** Private files live under `.private/` (a folder name no user folder can have, so never listed or served). */
  private privatePathOf(key: string): string {
    return path.join(path.resolve(this.dir), '.private', checkPrivateKey(key));
  }

  async putPrivate(key: string, body: Buffer): Promise<void> {
    const full = this.privatePathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, body);
    await rename(temp, full);
  }

  async getPrivate(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.privatePathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async deletePrivate(key: string): Promise<void> {
    await rm(this.privatePathOf(key), { force: true });
  }

  publicUrl(key: string): string {
    return `${LOCAL_UPLOADS_PATH}/${key}`;
  }

  keyFromUrl(url: string): string | null {
    return keyAfter(LOCAL_UPLOADS_PATH, url);
  }
}
