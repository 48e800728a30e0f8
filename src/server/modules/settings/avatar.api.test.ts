import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified, userIdOf } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { bigPng, HTML_PAGE, jpegWithExif, PNG_SIGNATURE, pngBomb, pngHtmlPolyglot, smallPng, SVG_IMAGE } from './test-images';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelmates-avatar-'));
  // The local adapter, whose files these tests look at (on PostgreSQL the default is the database).
  t = await createTestApp({ DATA_DIR: dataDir, STORAGE: 'local' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const idOf = (email: string) => userIdOf(t, email);

async function upload(cookie: string, bytes: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.request('/api/me/avatar', { method: 'POST', headers: { cookie }, body: form });
}

const filesOf = async (userId: string) => readdir(path.join(dataDir, 'uploads', userId)).catch(() => [] as string[]);

describe('POST /api/me/avatar', () => {
  it('re-encodes a PNG, stores it at {userId}/{hash}.png and serves it with a long cache', async () => {
    const me = await signUpVerified(t);
    const id = await idOf(me.email);
    const res = await upload(me.cookie, await smallPng(64, 48));
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^/api/uploads/${id}/[0-9a-f]{16}\\.png$`));
    expect(await filesOf(id)).toEqual([url.split('/').pop()]);
    const served = await t.request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    // The name is the hash of the stored bytes, so the immutable cache can never serve stale bytes.
    expect(url.split('/').pop()).toBe(`${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.png`);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 48 });
    // Uploading does not change the profile: that waits for Save Changes.
    expect((await (await t.request('/api/session', { headers: { cookie: me.cookie } })).json()).user.avatarUrl).toBeNull();
  });

  it('re-encodes a JPEG: resized to 512x512 cover, EXIF gone, appended HTML gone', async () => {
    const me = await signUpVerified(t);
    const marker = 'secret-exif-marker-42';
    const original = Buffer.concat([await jpegWithExif(marker), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(me.cookie, original, 'photo.jpeg', 'image/jpeg');
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/\.jpg$/);
    const stored = Buffer.from(await (await t.request(url)).arrayBuffer());
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(marker)).toBe(false);
    expect(stored.includes('<script')).toBe(false);
  });

  it('judges by content, not by name or declared type: a JPEG named .png is stored as JPEG', async () => {
    const me = await signUpVerified(t);
    const res = await upload(me.cookie, await jpegWithExif('x'), 'me.png', 'image/png');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { url: string }).url).toMatch(/\.jpg$/);
  });

  it('refuses HTML, SVG, polyglots, bombs and files over 2 MB, and stores nothing', async () => {
    const me = await signUpVerified(t);
    const id = await idOf(me.email);
    const cases: [string, Buffer, string, string, number, string][] = [
      ['renamed HTML', HTML_PAGE, 'avatar.png', 'image/png', 400, 'Please upload a PNG or JPEG image.'],
      ['SVG', SVG_IMAGE, 'avatar.svg', 'image/svg+xml', 400, 'Please upload a PNG or JPEG image.'],
      ['SVG named .jpg', SVG_IMAGE, 'avatar.jpg', 'image/jpeg', 400, 'Please upload a PNG or JPEG image.'],
      ['PNG signature then HTML', Buffer.concat([PNG_SIGNATURE, HTML_PAGE]), 'a.png', 'image/png', 400, 'The file is not a valid PNG or JPEG image.'],
      ['PNG header then HTML', await pngHtmlPolyglot(), 'a.png', 'image/png', 400, 'The file is not a valid PNG or JPEG image.'],
      ['decompression bomb', pngBomb(), 'bomb.png', 'image/png', 400, 'The image dimensions are too large.'],
      ['3 MB PNG', await bigPng(), 'big.png', 'image/png', 413, 'The image must be 2 MB or smaller.'],
    ];
    for (const [what, bytes, name, type, status, message] of cases) {
      const res = await upload(me.cookie, bytes, name, type);
      expect(res.status, what).toBe(status);
      expect(((await res.json()) as { error: { message: string } }).error.message, what).toBe(message);
    }
    expect(await filesOf(id)).toEqual([]);
  });

  it('answers a request without a file with 400, and one that is not multipart with 415', async () => {
    const me = await signUpVerified(t);
    const empty = await t.request('/api/me/avatar', { method: 'POST', headers: { cookie: me.cookie }, body: new FormData() });
    expect(empty.status).toBe(400);
    const asJson = await t.request('/api/me/avatar', { method: 'POST', headers: { cookie: me.cookie }, json: { file: 'x' } });
    expect(asJson.status).toBe(415);
    expect(((await asJson.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
  });
});

describe('GET /api/uploads/{userId}/{file}', () => {
  it('serves only stored files of the expected shape: no traversal, no other names', async () => {
    const me = await signUpVerified(t);
    const id = await idOf(me.email);
    for (const p of [
      `/api/uploads/${id}/1.png`,
      `/api/uploads/${id}/..%2F..%2Fdb`,
      '/api/uploads/..%2F..%2Freelmates.lock/1.png',
      `/api/uploads/${id}/1.html`,
      `/api/uploads/${id}/x.png`,
    ]) {
      const res = await t.request(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.headers.get('content-type'), p).toMatch(/application\/json/);
    }
  });
});
