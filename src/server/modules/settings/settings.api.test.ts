import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from '../../db/schema';
import { banUser } from '../accounts/moderation';
import { signUpVerified, userIdOf } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { smallPng } from './test-images';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reelmates-settings-'));
  // The local adapter, whose files these tests look at (on PostgreSQL the default is the database).
  t = await createTestApp({ DATA_DIR: dataDir, STORAGE: 'local' });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const idOf = (email: string) => userIdOf(t, email);

const patch = (path: string, cookie: string | undefined, json: unknown) => t.request(path, { method: 'PATCH', headers: cookie ? { cookie } : {}, json });
const session = async (cookie: string) => (await t.request('/api/session', { headers: { cookie } })).json();
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

async function upload(cookie: string, bytes: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([new Uint8Array(bytes)], name, { type }));
  return t.request('/api/me/avatar', { method: 'POST', headers: { cookie }, body: form });
}

describe('PATCH /api/me/profile', () => {
  it('saves name, username (lowercased) and bio, and the session and profile show them', async () => {
    const me = await signUpVerified(t);
    const res = await patch('/api/me/profile', me.cookie, { fullName: '  Ada Lovelace ', username: 'Ada_Films', bio: 'Noir and sci-fi.', avatarUrl: '' });
    expect(res.status).toBe(200);
    const s = await session(me.cookie);
    expect(s.user).toMatchObject({ fullName: 'Ada Lovelace', username: 'ada_films', avatarUrl: null });
    const id = await idOf(me.email);
    const profile = await (await t.request(`/api/profiles/${id}`)).json();
    expect(profile).toMatchObject({ username: 'ada_films', fullName: 'Ada Lovelace', bio: 'Noir and sci-fi.' });
    // The new name is the account's name now: the old one is free, the new one taken.
    const other = await signUpVerified(t);
    const check = await (await t.request('/api/accounts/username-available?username=ada_films&form=profile', { headers: { cookie: other.cookie } })).json();
    expect(check).toEqual({ available: false, problems: [] });
    const byOldName = await t.request(`/api/profiles/by-username/${me.username}`);
    expect(byOldName.status).toBe(404);
  });

  it('clears full name and bio when sent empty, and keeps fields that are not sent', async () => {
    const me = await signUpVerified(t, { fullName: 'Before Name' });
    await patch('/api/me/profile', me.cookie, { bio: 'Something' });
    expect((await session(me.cookie)).user.fullName).toBe('Before Name');
    await patch('/api/me/profile', me.cookie, { fullName: '', bio: '' });
    const profile = await (await t.request(`/api/profiles/${await idOf(me.email)}`)).json();
    expect(profile).toMatchObject({ fullName: null, bio: null, username: me.username });
  });

  it('refuses each field with the form’s own messages', async () => {
    const me = await signUpVerified(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: 'A' }, 'Full name must be at least 2 characters.'],
      [{ fullName: 'x'.repeat(51) }, 'Full name must be at most 50 characters.'],
      [{ username: 'ab' }, 'Username must be at least 3 characters.'],
      [{ username: '' }, 'Username must be at least 3 characters.'],
      [{ username: 'has space' }, 'Username can only contain letters, numbers, and underscores.'],
      [{ username: 'semi;colon' }, 'Username can only contain letters, numbers, and underscores.'],
      [{ username: 'u'.repeat(51) }, 'Username must be no more than 50 characters.'],
      [{ username: 'Settings' }, 'This username is reserved. Please choose another one.'],
      [{ username: 'admin' }, 'This username is reserved. Please choose another one.'],
      [{ bio: 'b'.repeat(161) }, 'Bio cannot be longer than 160 characters.'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'Invalid URL.'],
      [{ avatarUrl: 'not a url' }, 'Invalid URL.'],
    ];
    for (const [body, message] of cases) {
      const res = await patch('/api/me/profile', me.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    const unknown = await patch('/api/me/profile', me.cookie, { fullName: 'Okay Name', isAdmin: true });
    expect(unknown.status).toBe(400);
    // Nothing of the refused requests was stored.
    expect((await session(me.cookie)).user).toMatchObject({ username: me.username, fullName: me.username });
  });

  it('accepts 50-character names and the user’s own name in another case; refuses a taken one with 409', async () => {
    const taken = await signUpVerified(t);
    const me = await signUpVerified(t);
    const res = await patch('/api/me/profile', me.cookie, { username: taken.username.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toEqual({ code: 'username_taken', message: 'Username is already taken' });
    expect((await patch('/api/me/profile', me.cookie, { username: me.username.toUpperCase() })).status).toBe(200);
    const long = `n${'x'.repeat(45)}${Date.now() % 1000}`.slice(0, 50);
    expect((await patch('/api/me/profile', me.cookie, { username: long })).status).toBe(200);
    expect((await session(me.cookie)).user.username).toBe(long);
  });

  it('takes an avatar only from our storage, in the user’s own folder', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    const mine = (await (await upload(me.cookie, await smallPng())).json()).url as string;
    const theirs = (await (await upload(other.cookie, await smallPng())).json()).url as string;
    const myId = await idOf(me.email);
    for (const avatarUrl of ['https://evil.example/a.png', theirs, `/api/uploads/${myId}/123.png`, `/api/uploads/${myId}/../x/1.png`, 'http://localhost/api/uploads/x.png']) {
      const res = await patch('/api/me/profile', me.cookie, { avatarUrl });
      expect(res.status, avatarUrl).toBe(400);
    }
    expect((await session(me.cookie)).user.avatarUrl).toBeNull();

    expect((await patch('/api/me/profile', me.cookie, { avatarUrl: mine })).status).toBe(200);
    expect((await session(me.cookie)).user.avatarUrl).toBe(mine);
    const img = await t.request(mine);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');

    // A new picture replaces the old one, whose file is removed with uploads never saved; empty removes the avatar.
    const unsaved = (await (await upload(me.cookie, await smallPng(70, 70))).json()).url as string;
    const next = (await (await upload(me.cookie, await smallPng(80, 80))).json()).url as string;
    expect((await t.request(unsaved)).status).toBe(200);
    expect((await patch('/api/me/profile', me.cookie, { avatarUrl: next })).status).toBe(200);
    expect((await t.request(mine)).status).toBe(404);
    expect((await t.request(unsaved)).status).toBe(404);
    expect(await readdir(path.join(dataDir, 'uploads', myId))).toEqual([next.split('/').pop()]);
    expect((await patch('/api/me/profile', me.cookie, { avatarUrl: '' })).status).toBe(200);
    expect(await readdir(path.join(dataDir, 'uploads', myId))).toEqual([]);
    expect((await session(me.cookie)).user.avatarUrl).toBeNull();
  });
});

describe('account deletion', () => {
  it('removes the user’s uploaded pictures with the account', async () => {
    const me = await signUpVerified(t);
    const id = await idOf(me.email);
    const url = (await (await upload(me.cookie, await smallPng())).json()).url as string;
    expect((await patch('/api/me/profile', me.cookie, { avatarUrl: url })).status).toBe(200);
    expect(await readdir(path.join(dataDir, 'uploads', id))).toHaveLength(1);
    const res = await t.request('/api/accounts/delete', { method: 'POST', headers: { cookie: me.cookie }, json: { confirm: 'DELETE' } });
    expect(res.status).toBe(200);
    expect(await readdir(path.join(dataDir, 'uploads', id))).toEqual([]);
    expect((await t.request(url)).status).toBe(404);
  });
});

describe('PUT /api/me/favorite-genres', () => {
  it('stores names from the genre table, deduplicated, and the owner’s profile shows them', async () => {
    const me = await signUpVerified(t);
    const res = await t.request('/api/me/favorite-genres', { method: 'PUT', headers: { cookie: me.cookie }, json: { genres: ['Drama', 'Comedy', 'Drama', 'Sci-Fi & Fantasy'] } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ genres: ['Drama', 'Comedy', 'Sci-Fi & Fantasy'] });
    const own = await (await t.request(`/api/profiles/${await idOf(me.email)}`, { headers: { cookie: me.cookie } })).json();
    expect(own.favoriteGenres).toEqual(['Drama', 'Comedy', 'Sci-Fi & Fantasy']);
  });

  it('refuses unknown genres and oversized lists', async () => {
    const me = await signUpVerified(t);
    for (const genres of [['Drama', 'Cat videos'], ['<script>'], Array.from({ length: 60 }, () => 'Drama'), 'Drama']) {
      const res = await t.request('/api/me/favorite-genres', { method: 'PUT', headers: { cookie: me.cookie }, json: { genres } });
      expect(res.status, JSON.stringify(genres)).toBe(400);
    }
  });
});

describe('PATCH /api/me/settings', () => {
  it('saves notification preferences and privacy switches; others then see the profile accordingly', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    const id = await idOf(me.email);
    const res = await patch('/api/me/settings', me.cookie, { notifyOnFollow: 'none', notifyOnMessage: 'popup' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      notifyOnFollow: 'none',
      notifyOnFavorite: 'both',
      notifyOnMessage: 'popup',
      notifyOnMatch: 'both',
      notifyOnForum: 'both',
      isPrivate: false,
      showFavorites: true,
      showWatchlist: true,
      showCurrentlyWatching: true,
    });
    const seenBefore = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(seenBefore.visible.favorites).toBe(true);

    expect((await patch('/api/me/settings', me.cookie, { showWatchlist: false })).status).toBe(200);
    expect((await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json()).visible).toMatchObject({ favorites: true, watchlist: false });
    expect((await patch('/api/me/settings', me.cookie, { isPrivate: true })).status).toBe(200);
    const seen = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: other.cookie } })).json();
    expect(seen).toMatchObject({ isPrivate: true, visible: { favorites: false, watchlist: false, currentlyWatching: false } });
    const own = await (await t.request(`/api/profiles/${id}`, { headers: { cookie: me.cookie } })).json();
    expect(own).toMatchObject({ isPrivate: true, showWatchlist: false, notifyOnFollow: 'none', notifyOnMessage: 'popup' });
  });

  it('refuses unknown values, unknown fields and an empty body', async () => {
    const me = await signUpVerified(t);
    for (const body of [{ notifyOnFollow: 'sms' }, { isPrivate: 'yes' }, { isBanned: false }, { foundingMember: true }, {}]) {
      expect((await patch('/api/me/settings', me.cookie, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('who may change settings', () => {
  it('answers 401 to anonymous and banned users on every settings route; an admin changes only their own profile', async () => {
    const banned = await signUpVerified(t);
    const admin = await signUpVerified(t);
    const victim = await signUpVerified(t);
    await banUser(t.deps.database.db, await idOf(banned.email), 'test');
    await t.deps.database.db.insert(userRoles).values({ userId: await idOf(admin.email), role: 'admin' });
    for (const cookie of [undefined, banned.cookie]) {
      const headers = cookie ? { cookie } : undefined;
      expect((await t.request('/api/me/profile', { method: 'PATCH', headers, json: { bio: 'x' } })).status).toBe(401);
      expect((await t.request('/api/me/settings', { method: 'PATCH', headers, json: { isPrivate: true } })).status).toBe(401);
      expect((await t.request('/api/me/favorite-genres', { method: 'PUT', headers, json: { genres: [] } })).status).toBe(401);
      const form = new FormData();
      form.append('file', new File([new Uint8Array(await smallPng())], 'a.png', { type: 'image/png' }));
      const res = await t.request('/api/me/avatar', { method: 'POST', headers, body: form });
      expect(res.status).toBe(401);
    }
    expect((await patch('/api/me/profile', admin.cookie, { bio: 'Admin bio' })).status).toBe(200);
    const victimView = await (await t.request(`/api/profiles/${await idOf(victim.email)}`)).json();
    expect(victimView.bio).toBeNull();
  });
});
