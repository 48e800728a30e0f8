import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { storedUploads } from '../../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../integrations/storage/fake-s3-server';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { smallPng } from './test-images';
import { startUploadSweeper, sweepUploads, UPLOAD_GRACE_MS } from './upload-sweeper';

// Uploads that no profile references (never saved, or left by a crash) are deleted once older than
// the grace period; the saved avatar and fresh uploads stay.
const HOURS_AGO = (h: number) => new Date(Date.now() - h * 60 * 60_000);

// Each upload a picture of its own size: names are the hash of the bytes, so the same picture twice is one file.
let uploaded = 0;
async function upload(t: TestApp, cookie: string): Promise<string> {
  const form = new FormData();
  const side = 20 + (++uploaded % 400);
  form.append('file', new File([new Uint8Array(await smallPng(side, side))], 'me.png', { type: 'image/png' }));
  const res = await t.request('/api/me/avatar', { method: 'POST', headers: { cookie }, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

async function save(t: TestApp, cookie: string, url: string) {
  const res = await t.request('/api/me/profile', { method: 'PATCH', headers: { cookie }, json: { avatarUrl: url } });
  expect(res.status).toBe(200);
}

const keyOf = (url: string) => url.replace('/api/uploads/', '');

/** One user's saved avatar, and another's two uploads never saved (the later one a few ms newer). */
async function threeUploads(t: TestApp) {
  const saver = await signUpVerified(t);
  const chooser = await signUpVerified(t);
  const saved = keyOf(await upload(t, saver.cookie));
  await save(t, saver.cookie, `/api/uploads/${saved}`);
  const neverSaved = keyOf(await upload(t, chooser.cookie));
  await new Promise((r) => setTimeout(r, 5));
  const fresh = keyOf(await upload(t, chooser.cookie));
  return { saver, chooser, saved, neverSaved, fresh };
}

describe('upload sweeper, local storage', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelmates-sweep-'));
    t = await createTestApp({ DATA_DIR: dataDir, STORAGE: 'local' });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const uploads = (...parts: string[]) => path.join(dataDir, 'uploads', ...parts);
  const age = (key: string, hours: number) => utimes(uploads(key), HOURS_AGO(hours), HOURS_AGO(hours));
  const present = async () => {
    const folders = await readdir(uploads()).catch(() => [] as string[]);
    return (await Promise.all(folders.map(async (f) => (await readdir(uploads(f))).map((n) => `${f}/${n}`)))).flat().sort();
  };

  it('deletes old files no profile references, keeps saved avatars and fresh uploads', async () => {
    const { saver, chooser, saved, neverSaved, fresh } = await threeUploads(t);
    // What a crash leaves: a picture replaced but not removed, a deleted account's folder, half a write.
    const replaced = `${saver.id}/1000.png`;
    const ofDeletedAccount = 'gone_user/2000.jpg';
    const halfWritten = `${chooser.id}/3000.png.0123456789ab.tmp`;
    await mkdir(uploads('gone_user'), { recursive: true });
    for (const key of [replaced, ofDeletedAccount, halfWritten]) await writeFile(uploads(key), 'x');
    for (const key of [saved, neverSaved, replaced, ofDeletedAccount, halfWritten]) await age(key, 2);

    expect(await sweepUploads(t.deps)).toEqual({ deleted: 3, leftovers: 1 });
    expect(await present()).toEqual([saved, fresh].sort());
    // The saved avatar is still served; the fresh upload can still be saved.
    expect((await t.request(`/api/uploads/${saved}`)).status).toBe(200);
    await save(t, chooser.cookie, `/api/uploads/${fresh}`);
  });

  it('keeps everything within the grace period', async () => {
    const user = await signUpVerified(t);
    const key = keyOf(await upload(t, user.cookie));
    await age(key, UPLOAD_GRACE_MS / 3_600_000 - 0.5);
    await sweepUploads(t.deps);
    expect(await present()).toContain(key);
  });

  it('sweeps when it starts and on its timer, until stopped', async () => {
    const user = await signUpVerified(t);
    const first = keyOf(await upload(t, user.cookie));
    await age(first, 2);
    const sweeper = startUploadSweeper({ ...t.deps, logger: pino({ level: 'silent' }) }, 50);
    try {
      await expect.poll(present, { timeout: 5_000 }).not.toContain(first);
      const second = keyOf(await upload(t, user.cookie));
      await age(second, 2);
      await expect.poll(present, { timeout: 5_000 }).not.toContain(second);
    } finally {
      await sweeper.stop();
    }
    const third = keyOf(await upload(t, user.cookie));
    await age(third, 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await present()).toContain(third);
  });
});

describe('upload sweeper, database storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORAGE: 'database' });
  });
  afterAll(() => t.close());

  const age = (key: string, hours: number) =>
    t.deps.database.db
      .update(storedUploads)
      .set({ createdAt: HOURS_AGO(hours) })
      .where(eq(storedUploads.key, key));
  const present = async () => (await t.deps.database.db.select({ key: storedUploads.key }).from(storedUploads)).map((r) => r.key).sort();

  it('deletes old rows no profile references, keeps saved avatars and fresh uploads', async () => {
    const { saved, neverSaved, fresh } = await threeUploads(t);
    expect(await present()).toEqual([saved, neverSaved, fresh].sort());
    for (const key of [saved, neverSaved]) await age(key, 2);

    expect(await sweepUploads(t.deps)).toEqual({ deleted: 1, leftovers: 0 });
    expect(await present()).toEqual([saved, fresh].sort());
    expect((await t.request(`/api/uploads/${neverSaved}`)).status).toBe(404);
    expect((await t.request(`/api/uploads/${saved}`)).status).toBe(200);
  });
});

describe('upload sweeper, S3 storage', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    fake = await startFakeS3();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelmates-sweep-s3-'));
    t = await createTestApp({ DATA_DIR: dataDir, S3_BUCKET: 'avatars', S3_REGION: 'eu-west-1', S3_ENDPOINT: fake.url, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the bucket and deletes old objects no profile references', async () => {
    const { saved, neverSaved, fresh } = await threeUploads(t);
    for (const key of [saved, neverSaved]) fake.objects.get(`/avatars/${key}`)!.lastModified = HOURS_AGO(2);

    expect(await sweepUploads(t.deps)).toEqual({ deleted: 1, leftovers: 0 });
    expect([...fake.objects.keys()].sort()).toEqual([`/avatars/${saved}`, `/avatars/${fresh}`].sort());
  });
});
