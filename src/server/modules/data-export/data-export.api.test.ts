import { desc, eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_FILES, DATA_EXPORT_TEXT, type DataExportState } from '../../../shared/data-export';
import { queryRows } from '../../db/client';
import { dataExports, mailOutbox } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { claimExport, drainExports, EXPORT_LEASE_MS, keepLease, startDataExportWorker, sweepExpiredExports } from './jobs';

// 'Download my data' (issue 21 part 2, decision 056), on PGlite and PostgreSQL.

let t: TestApp;
const events: { audience: unknown; event: RealtimeEvent }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((audience, event) => events.push({ audience, event }));
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
const db = () => t.deps.database.db;

async function call(u: User | null, method: string, path: string, json?: unknown) {
  const res = await t.as(u)(path, { method, ...(json === undefined ? {} : { json }) });
  return res;
}
async function ok(u: User, method: string, path: string, json?: unknown) {
  const res = await call(u, method, path, json);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The token of the latest data export mail to `u` (its link: /settings?export=TOKEN#data-export). */
async function mailedToken(u: User): Promise<string> {
  const [mail] = await db()
    .select({ text: mailOutbox.text, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, u.email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  expect(mail?.subject).toBe('Your Reelmates data is ready');
  const token = mail!.text.match(/\/settings\?export=([A-Za-z0-9_-]{43})#data-export/)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

async function exportOf(u: User) {
  expect((await call(u, 'POST', '/api/me/data-export')).status).toBe(202);
  await drainExports(t.deps);
  return mailedToken(u);
}

async function download(u: User | null, token: string) {
  return call(u, 'GET', `/api/me/data-export/download/${token}`);
}

async function unzip(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="reelmates-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}
const json = (files: Record<string, Uint8Array>, name: string) => JSON.parse(strFromU8(files[name]!)) as unknown;

async function uploadAvatar(u: User) {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const res = await t.as(u)('/api/me/avatar', { method: 'POST', body: form });
  expect(res.status).toBe(201);
  const { url } = (await res.json()) as { url: string };
  await ok(u, 'PATCH', '/api/me/profile', { avatarUrl: url });
  return url;
}

describe('the full data export', () => {
  it('holds every kind of the user’s data, and nothing of others beyond what the user can see', async () => {
    const [a, b, c, e] = await Promise.all([
      signUpVerified(t, { fullName: 'Ann Export' }),
      signUpVerified(t, { fullName: 'Ben Friend' }),
      signUpVerified(t, { fullName: 'Cat Blocker' }),
      signUpVerified(t, { fullName: 'Eve Private' }),
    ]);
    // Lists, settings, an avatar.
    await ok(a, 'POST', '/api/me/favorites', { mediaType: 'movie', mediaId: 550, rating: 4 });
    await ok(a, 'POST', '/api/me/favorites', { mediaType: 'tv', mediaId: 1396, rating: 5 });
    await ok(a, 'POST', '/api/me/watchlist', { mediaType: 'movie', mediaId: 13 });
    await ok(a, 'PATCH', '/api/me/settings', { notifyOnFollow: 'popup', showWatchlist: false });
    const avatarUrl = await uploadAvatar(a);
    // Follows both ways, a conversation, a forum thread and a reply.
    await ok(b, 'POST', `/api/follows/${a.id}`);
    await ok(a, 'POST', `/api/follows/${b.id}`);
    await ok(a, 'POST', `/api/messages/with/${b.id}`, { content: 'Hello Ben, seen Fight Club?' });
    await ok(b, 'POST', `/api/messages/with/${a.id}`, { content: 'Twice. Rule one!' });
    await call(a, 'POST', '/api/billing/trial'); // (a founding member is premium already: 409)
    const forums = (await (await ok(a, 'GET', '/api/titles/movie/550/forums')).json()) as { title: { id: string } };
    const thread = (await (await ok(a, 'POST', `/api/forums/${forums.title.id}/threads`, { title: 'Export thread title', content: 'My thread body' })).json()) as { id: string };
    await ok(a, 'POST', `/api/forum-threads/${thread.id}/replies`, { content: 'My own reply' });
    // Cat talked to Ann, followed her, then blocked her: Ann loses the conversation and the follow.
    await ok(c, 'POST', `/api/messages/with/${a.id}`, { content: 'A secret of the blocker' });
    await ok(c, 'POST', `/api/follows/${a.id}`);
    await ok(c, 'PUT', `/api/blocks/${a.id}`);
    // Eve favorited while public (Ann, following her, was told), then turned private: the notice is taken back.
    await ok(a, 'POST', `/api/follows/${e.id}`);
    await ok(e, 'POST', '/api/me/favorites', { mediaType: 'movie', mediaId: 680, rating: 5 });
    // (followers are told after the answer)
    await vi.waitFor(async () => {
      const told = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${a.id} AND type = 'new_favorite_from_following'`);
      expect(told[0]!.n).toBe(1);
    });
    await ok(e, 'PATCH', '/api/me/settings', { isPrivate: true });

    const token = await exportOf(a);
    const ready = events.filter((x) => x.event.type === 'data-export' && x.event.status === 'ready');
    expect(ready.at(-1)?.audience).toEqual({ users: [a.id] });
    const state = (await (await ok(a, 'GET', '/api/me/data-export')).json()) as DataExportState;
    expect(state.latest?.status).toBe('ready');
    expect(state.startedToday).toBe(1);

    const files = await unzip(await download(a, token));
    for (const name of DATA_EXPORT_FILES) expect(Object.keys(files), name).toContain(name);

    const profile = json(files, 'profile.json') as Record<string, unknown>;
    expect(profile).toMatchObject({ id: a.id, email: a.email, fullName: 'Ann Export', avatarUrl });
    const avatarFile = profile.avatarFile as string;
    expect(avatarFile).toMatch(/^uploads\/[0-9a-f]{16}\.png$/);
    expect((await sharp(Buffer.from(files[avatarFile]!)).metadata()).format).toBe('png');

    expect(json(files, 'settings.json')).toMatchObject({
      notifications: { follow: 'popup' },
      privacy: { isPrivate: false, showFavorites: true, showWatchlist: false },
    });
    const favorites = json(files, 'favorites.json') as { mediaType: string; mediaId: number; rating: number; title: string }[];
    expect(favorites.map((f) => [f.mediaType, f.mediaId, f.rating])).toEqual([
      ['movie', 550, 4],
      ['tv', 1396, 5],
    ]);
    expect((json(files, 'watchlist.json') as { mediaId: number }[]).map((w) => w.mediaId)).toEqual([13]);

    const follows = json(files, 'follows.json') as { followers: { userId: string; username: string }[]; following: { userId: string }[] };
    expect(follows.followers.map((f) => f.userId)).toEqual([b.id]);
    expect(follows.followers[0]!.username).toBe(b.username);
    expect(follows.following.map((f) => f.userId).sort()).toEqual([b.id, e.id].sort());

    const messages = json(files, 'messages.json') as { with: { userId: string; username: string }; messages: { from: string; text: string }[] }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.with).toMatchObject({ userId: b.id, username: b.username });
    expect(messages[0]!.messages.map((m) => [m.from, m.text])).toEqual([
      ['me', 'Hello Ben, seen Fight Club?'],
      ['them', 'Twice. Rule one!'],
    ]);

    const notifications = json(files, 'notifications.json') as { type: string; relatedUser: { id: string } | null }[];
    expect(notifications.some((n) => n.type === 'new_follower' && n.relatedUser?.id === b.id)).toBe(true);
    expect(notifications.some((n) => n.type === 'new_favorite_from_following')).toBe(false);

    const posts = json(files, 'forum-posts.json') as { threads: { title: string; content: string }[]; replies: { content: string; threadTitle: string }[] };
    expect(posts.threads).toMatchObject([{ title: 'Export thread title', content: 'My thread body' }]);
    expect(posts.replies).toMatchObject([{ content: 'My own reply', threadTitle: 'Export thread title' }]);

    const csv = strFromU8(files['favorites-letterboxd.csv']!);
    expect(csv.split('\r\n')[0]).toBe('tmdbID,Title,Year,Rating');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(csv).toMatch(/^550,Fight Club,1999,4$/m);

    // Nothing of others beyond what Ann sees: no one's e-mail, nothing of the blocker or of Eve's hidden favorite.
    const everything = Object.values(files)
      .map((f) => strFromU8(f, true))
      .join('\n');
    for (const secret of [b.email, c.email, e.email, c.username, c.id, 'A secret of the blocker']) expect(everything).not.toContain(secret);
  });

  it('serves the ZIP only to the account that asked, only signed in, and only while the link lives', async () => {
    const [owner, other] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    const token = await exportOf(owner);
    expect((await download(null, token)).status).toBe(401);
    const refused = await download(other, token);
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(DATA_EXPORT_TEXT.linkInvalid);
    expect((await download(owner, 'x'.repeat(43))).status).toBe(404);
    expect((await download(owner, token)).status).toBe(200);

    // 24 hours on: the link is refused, and the sweep deletes the file.
    const [row] = await db().select({ id: dataExports.id, fileKey: dataExports.fileKey }).from(dataExports).where(eq(dataExports.userId, owner.id));
    expect(await t.deps.storage.getPrivate(row!.fileKey!)).not.toBeNull();
    await db().execute(sql`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = ${row!.id}`);
    expect((await download(owner, token)).status).toBe(404);
    expect(((await (await ok(owner, 'GET', '/api/me/data-export')).json()) as DataExportState).latest?.status).toBe('expired');
    expect(await sweepExpiredExports(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.storage.getPrivate(row!.fileKey!)).toBeNull();
    const [after] = await db()
      .select({ status: dataExports.status, fileKey: dataExports.fileKey, tokenHash: dataExports.tokenHash })
      .from(dataExports)
      .where(eq(dataExports.id, row!.id));
    expect(after).toEqual({ status: 'expired', fileKey: null, tokenHash: null });
  });

  it('runs one export at a time and at most three a day', async () => {
    const u = await signUpVerified(t);
    expect((await call(u, 'POST', '/api/me/data-export')).status).toBe(202);
    const busy = await call(u, 'POST', '/api/me/data-export');
    expect(busy.status).toBe(409);
    expect(((await busy.json()) as { error: { message: string } }).error.message).toBe(DATA_EXPORT_TEXT.inProgress);
    await drainExports(t.deps);
    for (let i = 0; i < 2; i++) {
      expect((await call(u, 'POST', '/api/me/data-export')).status).toBe(202);
      await drainExports(t.deps);
    }
    const tooMany = await call(u, 'POST', '/api/me/data-export');
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toBe(DATA_EXPORT_TEXT.tooMany);
    // Concurrent requests of another user: exactly one is queued.
    const v = await signUpVerified(t);
    const answers = await Promise.all(Array.from({ length: 4 }, () => call(v, 'POST', '/api/me/data-export')));
    expect(answers.map((r) => r.status).sort()).toEqual([202, 409, 409, 409]);
  });

  it('a restarted worker resumes queued jobs and takes over one whose process died', async () => {
    const [queued, crashed] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    await drainExports(t.deps); // (nothing left of the tests before)
    await ok(crashed, 'POST', '/api/me/data-export');
    // A process claims the job and dies: the row stays 'running' with its lease.
    const claim = await claimExport(db());
    expect(claim?.user_id).toBe(crashed.id);
    await ok(queued, 'POST', '/api/me/data-export');
    await db().execute(sql`UPDATE data_exports SET locked_until = now() - interval '1 second' WHERE id = ${claim!.id}`);

    // A new process starts: its worker drains both.
    const worker = startDataExportWorker(t.deps, 60_000, 60_000);
    await worker.drain();
    await worker.stop();
    for (const u of [queued, crashed]) {
      const [row] = await db().select({ status: dataExports.status, attempts: dataExports.attempts }).from(dataExports).where(eq(dataExports.userId, u.id));
      expect(row?.status).toBe('ready');
      expect(row?.attempts).toBe(u === crashed ? 2 : 1);
      expect((await download(u, await mailedToken(u))).status).toBe(200);
    }
  });

  it('a running job keeps its lease while it works, and stops renewing once taken over', async () => {
    const u = await signUpVerified(t);
    await drainExports(t.deps);
    await ok(u, 'POST', '/api/me/data-export');
    const claim = (await claimExport(db()))!;
    const leaseLeft = async () => {
      const [row] = await queryRows<{ ms: number }>(db(), sql`SELECT extract(epoch FROM locked_until - now()) * 1000 AS ms FROM data_exports WHERE id = ${claim.id}`);
      return Number(row!.ms);
    };
    // The lease is nearly out, as after a long collect; the worker's renewal puts it back to a whole lease.
    await db().execute(sql`UPDATE data_exports SET locked_until = now() + interval '1 second' WHERE id = ${claim.id}`);
    const stop = keepLease(t.deps, claim, 20);
    await vi.waitFor(async () => expect(await leaseLeft()).toBeGreaterThan(EXPORT_LEASE_MS - 10_000), { timeout: 5_000 });
    // Another worker takes the job over (new lease token): this one's renewals no longer touch it.
    await db().execute(sql`UPDATE data_exports SET lease_token = gen_random_uuid(), locked_until = now() + interval '5 seconds' WHERE id = ${claim.id}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(await leaseLeft()).toBeLessThan(6_000);
    stop();
    await drainExports(t.deps);
  });

  it('deleting the account deletes its export files', async () => {
    const u = await signUpVerified(t);
    await exportOf(u);
    const [row] = await db().select({ fileKey: dataExports.fileKey }).from(dataExports).where(eq(dataExports.userId, u.id));
    expect(await t.deps.storage.getPrivate(row!.fileKey!)).not.toBeNull();
    expect((await call(u, 'POST', '/api/accounts/delete', { confirm: 'DELETE' })).status).toBeLessThan(300);
    expect(await t.deps.storage.getPrivate(row!.fileKey!)).toBeNull();
    expect(await db().select().from(dataExports).where(eq(dataExports.userId, u.id))).toEqual([]);
  });

  it('holds every notification, however many were written at the same instant', async () => {
    const [u, from] = await Promise.all([signUpVerified(t), signUpVerified(t)]);
    await db().execute(
      sql`INSERT INTO notifications (user_id, type, title, message, related_user_id, data)
          SELECT ${u.id}, 'message', 'New message', 'Message ' || g, ${from.id}, '{}'::jsonb FROM generate_series(1, 250) g`,
    );
    const files = await unzip(await download(u, await exportOf(u)));
    const list = json(files, 'notifications.json') as { message: string; relatedUser: { id: string; username: string } }[];
    expect(new Set(list.map((n) => n.message)).size).toBe(250);
    expect(list[0]!.relatedUser).toMatchObject({ id: from.id, username: from.username });
  });
});
