import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, storageKind } from '../../config';
import { storedUploads } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { smallPng } from '../../modules/settings/test-images';
import { DatabaseStorage } from './database-storage';
import { LocalStorage } from './local-storage';

// Two instances on ONE database, each with its own DATA_DIR (issue 25, docs/decisions/012): a picture
// uploaded through one is saved and served through the other; a replaced picture and a deleted
// account's pictures are gone for both. On PostgreSQL this is the default storage; on PGlite (one
// process in production) the test asks for it with STORAGE=database.
const onPostgres = process.env.TEST_DB === 'postgres';
const env: Record<string, string> = onPostgres ? {} : { STORAGE: 'database' };

let one: TestApp;
let two: TestApp;
const dirs: string[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i++) dirs.push(await mkdtemp(path.join(os.tmpdir(), `reelmates-instance-${i}-`)));
  one = await createTestApp({ DATA_DIR: dirs[0]!, ...env });
  two = await createTestApp({ DATA_DIR: dirs[1]!, ...env }, { database: one.deps.database });
});
afterAll(async () => {
  await two?.close();
  await one?.close();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function upload(t: TestApp, cookie: string, side: number): Promise<string> {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(await smallPng(side, side))], 'me.png', { type: 'image/png' }));
  const res = await t.request('/api/me/avatar', { method: 'POST', headers: { cookie }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

const save = (t: TestApp, cookie: string, avatarUrl: string) => t.request('/api/me/profile', { method: 'PATCH', headers: { cookie }, json: { avatarUrl } });
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());
const statuses = async (url: string) => [(await one.request(url)).status, (await two.request(url)).status];
const uploadDirs = async () => (await Promise.all(dirs.map((d) => readdir(path.join(d, 'uploads')).catch(() => [] as string[])))).flat();

describe('uploads across two instances on one database', () => {
  it('uses the database storage: by default on PostgreSQL, on PGlite when asked', () => {
    expect(one.deps.storage.kind).toBe('database');
    expect(two.deps.storage.kind).toBe('database');
    expect(storageKind(loadConfig({}), 'postgres')).toBe('database');
    expect(storageKind(loadConfig({}), 'pglite')).toBe('local');
  });

  it('a picture uploaded through one instance is saved and served through the other, with the same bytes and an immutable cache', async () => {
    const me = await signUpVerified(one);
    const url = await upload(one, me.cookie, 64);
    expect(url).toMatch(new RegExp(`^/api/uploads/${me.id}/[0-9a-f]{16}\\.png$`));
    expect((await save(two, me.cookie, url)).status).toBe(200);

    const fromOne = await one.request(url);
    const fromTwo = await two.request(url);
    expect([fromOne.status, fromTwo.status]).toEqual([200, 200]);
    for (const res of [fromOne, fromTwo]) {
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect((await bytesOf(fromTwo)).equals(await bytesOf(fromOne))).toBe(true);
    expect((await (await two.request('/api/session', { headers: { cookie: me.cookie } })).json()).user.avatarUrl).toBe(url);
    // Nothing was written to either instance's disk.
    expect(await uploadDirs()).toEqual([]);
  });

  it('a replaced picture, and uploads never saved, are gone from every instance', async () => {
    const me = await signUpVerified(two);
    const first = await upload(two, me.cookie, 60);
    expect((await save(one, me.cookie, first)).status).toBe(200);
    const unsaved = await upload(one, me.cookie, 61);
    const next = await upload(two, me.cookie, 62);
    expect(await statuses(unsaved)).toEqual([200, 200]);

    expect((await save(one, me.cookie, next)).status).toBe(200);
    expect(await statuses(first)).toEqual([404, 404]);
    expect(await statuses(unsaved)).toEqual([404, 404]);
    expect(await statuses(next)).toEqual([200, 200]);
    expect(await two.deps.storage.listUser(me.id)).toEqual([next.replace('/api/uploads/', '')]);

    // Removing the avatar removes its picture too.
    expect((await save(two, me.cookie, '')).status).toBe(200);
    expect(await statuses(next)).toEqual([404, 404]);
  });

  it('a deleted account’s pictures are gone from every instance, whichever instance deleted it', async () => {
    const me = await signUpVerified(one);
    const saved = await upload(one, me.cookie, 70);
    expect((await save(one, me.cookie, saved)).status).toBe(200);
    const unsaved = await upload(two, me.cookie, 71);
    expect(await statuses(saved)).toEqual([200, 200]);

    const res = await two.request('/api/accounts/delete', { method: 'POST', headers: { cookie: me.cookie }, json: { confirm: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(await statuses(saved)).toEqual([404, 404]);
    expect(await statuses(unsaved)).toEqual([404, 404]);
    expect(await one.deps.database.db.select({ key: storedUploads.key }).from(storedUploads).where(eq(storedUploads.userId, me.id))).toEqual([]);
  });

  it('the same picture uploaded twice is one file, written again (its sweep grace starts over)', async () => {
    const me = await signUpVerified(one);
    const a = await upload(one, me.cookie, 90);
    const [before] = await one.deps.database.db
      .select({ createdAt: storedUploads.createdAt })
      .from(storedUploads)
      .where(eq(storedUploads.key, a.replace('/api/uploads/', '')));
    await new Promise((r) => setTimeout(r, 20));
    const b = await upload(two, me.cookie, 90);
    expect(b).toBe(a);
    const [after] = await one.deps.database.db
      .select({ createdAt: storedUploads.createdAt })
      .from(storedUploads)
      .where(eq(storedUploads.key, a.replace('/api/uploads/', '')));
    expect(after!.createdAt.getTime()).toBeGreaterThan(before!.createdAt.getTime());
    expect(await one.deps.storage.listUser(me.id)).toHaveLength(1);
  });

  it('moves an instance’s older local files into the database (a deleted account’s are only removed) and refuses other keys', async () => {
    const me = await signUpVerified(one);
    const uploads = path.join(dirs[0]!, 'uploads');
    const legacy = `${me.id}/1700000000000.png`;
    const body = await smallPng(33, 33);
    await mkdir(path.join(uploads, me.id), { recursive: true });
    await mkdir(path.join(uploads, 'gone_user'), { recursive: true });
    await writeFile(path.join(uploads, legacy), body);
    await writeFile(path.join(uploads, 'gone_user/1700000000001.png'), body);

    const storage = new DatabaseStorage(one.deps.database.db);
    expect(await storage.moveFrom(new LocalStorage(uploads))).toBe(1);
    expect(await new LocalStorage(uploads).listUser(me.id)).toEqual([]);
    expect(await new LocalStorage(uploads).listUser('gone_user')).toEqual([]);
    // An avatar URL saved before names carried a hash keeps working, on every instance.
    const served = await two.request(`/api/uploads/${legacy}`);
    expect(served.status).toBe(200);
    expect((await bytesOf(served)).equals(body)).toBe(true);
    expect((await save(two, me.cookie, `/api/uploads/${legacy}`)).status).toBe(200);

    await expect(storage.put('../x/0123456789abcdef.png', body, 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(storage.put(`${me.id}/notes.txt`, body, 'image/png')).rejects.toThrow(/invalid storage key/);
    expect(await storage.get(`${me.id}/../${legacy}`)).toBeNull();
    for (const p of [`/api/uploads/${me.id}/0123456789ABCDEF.png`, `/api/uploads/${me.id}/0123456789abcdef0.png`, `/api/uploads/${me.id}/..%2F1700000000000.png`]) {
      expect((await two.request(p)).status, p).toBe(400);
    }
    expect((await two.request(`/api/uploads/${me.id}/0123456789abcdef.png`)).status).toBe(404);
  });
});
