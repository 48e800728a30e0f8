import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseStorage, LocalStorage, type Storage } from '../../integrations/storage';
import { startFakeS3 } from '../../integrations/storage/fake-s3-server';
import { S3Storage } from '../../integrations/storage/s3-storage';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// The storage's private files (decision 056): the data export ZIPs, in every adapter.

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeS3>>;
let dir: string;
beforeAll(async () => {
  [t, fake, dir] = await Promise.all([createTestApp(), startFakeS3(), mkdtemp(path.join(os.tmpdir(), 'private-files-'))]);
});
afterAll(async () => {
  await Promise.all([t.close(), fake.close(), rm(dir, { recursive: true, force: true })]);
});

async function listed(storage: Storage, userId: string) {
  const all: string[] = [];
  for await (const entry of storage.listAll()) all.push(entry.key);
  return [...all, ...(await storage.listUser(userId)), ...(await storage.listUser('exports'))];
}

describe('private files', () => {
  it('are written, read and deleted by key, never listed with the uploads, and only under their one key shape', async () => {
    const user = await signUpVerified(t);
    const adapters: Storage[] = [
      new LocalStorage(dir),
      new DatabaseStorage(t.deps.database.db),
      new S3Storage({ bucket: 'b', region: 'eu-west-1', endpoint: fake.url, credentials: { accessKeyId: 'k', secretAccessKey: 's' } }),
    ];
    const key = `exports/${user.id}/${'a1'.repeat(16)}.zip`;
    const body = Buffer.from('PK\u0003\u0004 a zip, as far as storage cares');
    for (const storage of adapters) {
      expect(await storage.getPrivate(key), storage.kind).toBeNull();
      await storage.putPrivate(key, body);
      expect((await storage.getPrivate(key))?.equals(body), storage.kind).toBe(true);
      expect(await listed(storage, user.id), storage.kind).toEqual([]);
      expect(await storage.get(key), storage.kind).toBeNull();
      for (const bad of [`${user.id}/${'a1'.repeat(16)}.zip`, `exports/${user.id}/../x.zip`, `exports/${user.id}/short.zip`, `exports/../${'a1'.repeat(16)}.zip`]) {
        await expect(storage.putPrivate(bad, body), `${storage.kind} ${bad}`).rejects.toThrow(/invalid private storage key/);
      }
      await storage.deletePrivate(key);
      await storage.deletePrivate(key); // (a missing file is not an error)
      expect(await storage.getPrivate(key), storage.kind).toBeNull();
    }
    // On S3: private, never cached by anyone.
    await adapters[2]!.putPrivate(key, body);
    expect(fake.objects.get(`/b/${key}`)?.cacheControl).toBe('private, no-store');
  });
});
