import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig, storageKind } from '../../config';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { smallPng } from '../../modules/settings/test-images';
import { securityHeaderList } from '../../http/security';
import { startFakeS3 } from './fake-s3-server';
import { removeUserFiles } from './index';
import { S3Storage } from './s3-storage';

let fake: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(() => fake.close());

const s3Env = () => ({ S3_BUCKET: 'avatars', S3_REGION: 'eu-west-1', S3_ENDPOINT: fake.url, S3_ACCESS_KEY_ID: 'test-key', S3_SECRET_ACCESS_KEY: 'test-secret' });

describe('S3 storage adapter', () => {
  it('puts, reads, finds and deletes objects in the bucket, signed, with type and long cache', async () => {
    const storage = new S3Storage({
      bucket: 'avatars',
      region: 'eu-west-1',
      endpoint: fake.url,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      publicUrl: 'https://cdn.example.com/a',
    });
    const body = await smallPng();
    await storage.put('user_1/1700000000000.png', body, 'image/png');
    const stored = fake.objects.get('/avatars/user_1/1700000000000.png');
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(await storage.exists('user_1/1700000000000.png')).toBe(true);
    expect((await storage.get('user_1/1700000000000.png'))?.body.equals(body)).toBe(true);
    expect(await storage.get('user_1/1.png')).toBeNull();
    expect(await storage.exists('user_1/1.png')).toBe(false);
    await storage.put('user_1/1700000000001.jpg', body, 'image/jpeg');
    await storage.put('user_2/1700000000002.png', body, 'image/png');
    expect((await storage.listUser('user_1')).sort()).toEqual(['user_1/1700000000000.png', 'user_1/1700000000001.jpg']);
    expect(await storage.listUser('../user_1')).toEqual([]);
    expect(await removeUserFiles(storage, 'user_1', 'user_1/1700000000001.jpg')).toBe(1);
    expect(await storage.listUser('user_1')).toEqual(['user_1/1700000000001.jpg']);
    expect(await storage.exists('user_2/1700000000002.png')).toBe(true);
    await storage.put('user_1/1700000000000.png', body, 'image/png');
    await storage.delete('user_1/1700000000000.png');
    expect(await storage.exists('user_1/1700000000000.png')).toBe(false);
    expect(fake.requests.every((r) => r.signed)).toBe(true);

    expect(storage.publicUrl('user_1/5.jpg')).toBe('https://cdn.example.com/a/user_1/5.jpg');
    expect(storage.keyFromUrl('https://cdn.example.com/a/user_1/5.jpg')).toBe('user_1/5.jpg');
    expect(storage.keyFromUrl('https://cdn.example.com/a/../b/5.jpg')).toBeNull();
    expect(storage.keyFromUrl('https://evil.example.com/a/user_1/5.jpg')).toBeNull();
    await expect(storage.put('../escape.png', body, 'image/png')).rejects.toThrow(/invalid storage key/);
  });

  it('is chosen by S3_BUCKET (or STORAGE=s3); S3 settings are validated together', () => {
    expect(storageKind(loadConfig({ DATA_DIR: '/tmp/x' }), 'pglite')).toBe('local');
    expect(storageKind(loadConfig({ DATA_DIR: '/tmp/x', ...s3Env() }), 'pglite')).toBe('s3');
    expect(storageKind(loadConfig({ DATA_DIR: '/tmp/x', ...s3Env() }), 'postgres')).toBe('s3');
    expect(storageKind(loadConfig({ DATA_DIR: '/tmp/x', STORAGE: 's3', ...s3Env() }), 'postgres')).toBe('s3');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ S3_REGION: 'eu-west-1' })).toEqual([
      'S3_REGION: needs S3_BUCKET (without it avatars are stored in the database on PostgreSQL, under DATA_DIR/uploads on PGlite)',
    ]);
    expect(problems({ STORAGE: 's3' })).toEqual(['STORAGE: s3 needs S3_BUCKET (and the other S3_* settings)']);
    expect(problems({ STORAGE: 'database', S3_BUCKET: 'avatars' })).toEqual(['S3_BUCKET: set, but STORAGE=database would ignore it (unset one of them)']);
    expect(problems({ S3_BUCKET: 'avatars', S3_ACCESS_KEY_ID: 'k' })).toEqual(['S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither']);
    expect(problems({ S3_BUCKET: 'Not A Bucket' })[0]).toMatch(/^S3_BUCKET: expected an S3 bucket name/);
    expect(problems({ S3_BUCKET: 'avatars', S3_PUBLIC_URL: 'cdn' })[0]).toMatch(/^S3_PUBLIC_URL: expected the public base URL/);
  });

  it('lets pages load images from the bucket’s public origin', () => {
    const csp = (imgSources?: string[]) => securityHeaderList({ hsts: false, imgSources }).find(([name]) => name === 'Content-Security-Policy')![1];
    expect(csp(['https://cdn.example.com'])).toContain("img-src 'self' data: blob: https://image.tmdb.org https://cdn.example.com;");
    expect(csp()).toContain("img-src 'self' data: blob: https://image.tmdb.org;");
  });
});

describe('avatar upload with S3 configured', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelmates-s3-'));
    t = await createTestApp({ DATA_DIR: dataDir, ...s3Env() });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores the re-encoded image in the bucket, serves it through our server, and saves it on the profile', async () => {
    const me = await signUpVerified(t);
    const form = new FormData();
    form.append('file', new File([new Uint8Array(await smallPng())], 'me.png', { type: 'image/png' }));
    const res = await t.request('/api/me/avatar', { method: 'POST', headers: { cookie: me.cookie }, body: form });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const key = url.replace('/api/uploads/', '');
    expect(fake.objects.has(`/avatars/${key}`)).toBe(true);
    expect(await readdir(dataDir)).not.toContain('uploads');
    const served = await t.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const saved = await t.request('/api/me/profile', { method: 'PATCH', headers: { cookie: me.cookie }, json: { avatarUrl: url } });
    expect(saved.status).toBe(200);
    expect((await (await t.request('/api/session', { headers: { cookie: me.cookie } })).json()).user.avatarUrl).toBe(url);
  });
});
