import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, profiles, reports, user, userBlocks, userRoles } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { banUser } from '../accounts/moderation';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUpVerified>> & { id: string };

const person = (overrides: Record<string, unknown> = {}): Promise<Person> => signUpVerified(t, overrides);

/** One after another: parallel sign-ups race over the shared test outbox. */
async function people(n: number) {
  const list: Person[] = [];
  for (let i = 0; i < n; i++) list.push(await person());
  return list;
}

async function counts(id: string) {
  const [row] = await t.deps.database.db.select({ followers: profiles.followersCount, following: profiles.followingCount }).from(profiles).where(eq(profiles.id, id));
  return row!;
}

async function followNotices(to: string, from: string) {
  return t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, to), eq(notifications.relatedUserId, from), eq(notifications.type, 'new_follower')));
}

describe('following', () => {
  it('a block committed between the check and the follow refuses the follow and leaves no trace (ruling 28)', async () => {
    const [a, b] = [await person(), await person()];
    const { db } = t.deps.database;
    // The block lands after the follow's first check and before its transaction: what the
    // statements under the profile locks must catch.
    const transaction = db.transaction.bind(db);
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      db.transaction = transaction;
      await db.insert(userBlocks).values({ blockerId: b.id, blockedId: a.id });
      return transaction(...args);
    }) as typeof db.transaction;
    try {
      const res = await t.as(a)(`/api/follows/${b.id}`, { method: 'POST' });
      expect(res.status).toBe(403);
    } finally {
      db.transaction = transaction;
    }
    expect(
      await db
        .select()
        .from(follows)
        .where(and(eq(follows.followerId, a.id), eq(follows.followingId, b.id))),
    ).toHaveLength(0);
    expect(await counts(b.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(a.id)).toEqual({ followers: 0, following: 0 });
    expect(await followNotices(b.id, a.id)).toHaveLength(0);
  });

  it('follows and unfollows with exact counts, a notification, and realtime events for both users', async () => {
    const a = await person();
    const b = await person();
    const events: RealtimeEvent[] = [];
    const off = t.deps.events.subscribe((_audience, event) => events.push(event));

    const res = await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ following: true, followersCount: 1, followingCount: 0 });
    expect(await counts(a.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(b.id)).toEqual({ followers: 0, following: 1 });
    const [notice] = await followNotices(a.id, b.id);
    expect(notice).toMatchObject({ title: 'New follower', message: `@${b.username} started following you.`, data: { userId: b.id } });
    for (const userId of [a.id, b.id]) {
      expect(events).toContainEqual({ type: 'profile-updated', userId });
      expect(events).toContainEqual({ type: 'follower-stats-changed', userId });
    }
    expect(events).toContainEqual(expect.objectContaining({ type: 'notification', id: notice!.id }));

    const profile = await (await t.as(b)(`/api/profiles/${a.id}`)).json();
    expect(profile).toMatchObject({ followersCount: 1, viewerFollows: true });

    // A second follow changes nothing.
    expect((await (await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' })).json()).followersCount).toBe(1);
    expect(await followNotices(a.id, b.id)).toHaveLength(1);

    const un = await t.as(b)(`/api/follows/${a.id}`, { method: 'DELETE' });
    expect(un.status).toBe(200);
    expect(await un.json()).toEqual({ following: false, followersCount: 0, followingCount: 0 });
    expect(await counts(b.id)).toEqual({ followers: 0, following: 0 });
    expect(await followNotices(a.id, b.id)).toHaveLength(0);
    // Unfollowing again is harmless and the counts stay at zero.
    expect((await (await t.as(b)(`/api/follows/${a.id}`, { method: 'DELETE' })).json()).followersCount).toBe(0);
    expect((await (await t.as(b)(`/api/profiles/${a.id}`)).json()).viewerFollows).toBe(false);
    off();
  });

  it('keeps the count exact when 20 users follow one user at once, and when two follow each other', async () => {
    const star = await person();
    const fans = await people(20);
    const answers = await Promise.all(fans.flatMap((f) => [t.as(f)(`/api/follows/${star.id}`, { method: 'POST' }), t.as(f)(`/api/follows/${star.id}`, { method: 'POST' })]));
    expect(answers.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect((await counts(star.id)).followers).toBe(20);
    const rows = await t.deps.database.db.select().from(follows).where(eq(follows.followingId, star.id));
    expect(rows).toHaveLength(20);
    expect((await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, star.id))).length).toBe(20);

    const [x, y] = fans as [Person, Person];
    const mutual = await Promise.all([t.as(x)(`/api/follows/${y.id}`, { method: 'POST' }), t.as(y)(`/api/follows/${x.id}`, { method: 'POST' })]);
    expect(mutual.map((r) => r.status)).toEqual([200, 200]);
    expect(await counts(x.id)).toEqual({ followers: 1, following: 2 });
    expect(await counts(y.id)).toEqual({ followers: 1, following: 2 });

    await Promise.all(fans.slice(0, 10).map((f) => t.as(f)(`/api/follows/${star.id}`, { method: 'DELETE' })));
    expect((await counts(star.id)).followers).toBe(10);
  });

  it('refuses self-follows, guests, and banned or unverified targets', async () => {
    const a = await person();
    const self = await t.as(a)(`/api/follows/${a.id}`, { method: 'POST' });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toBe('You cannot follow yourself.');
    expect((await t.as(null)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBe(401);
    expect((await t.as(null)(`/api/follows/${a.id}`, { method: 'DELETE' })).status).toBe(401);

    const banned = await person();
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    expect((await t.as(a)(`/api/follows/${banned.id}`, { method: 'POST' })).status).toBe(404);
    await t.deps.database.db.update(user).set({ emailVerified: false }).where(eq(user.id, banned.id));
    await t.deps.database.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, banned.id));
    expect((await t.as(a)(`/api/follows/${banned.id}`, { method: 'POST' })).status).toBe(404);
    expect((await t.as(a)('/api/follows/nobody', { method: 'POST' })).status).toBe(404);
    expect((await counts(a.id)).following).toBe(0);
  });

  it('lets a banned user do nothing: the ban ends their session', async () => {
    const a = await person();
    const b = await person();
    await banUser(t.deps.database.db, b.id, 'test');
    expect((await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBe(401);
    expect((await t.as(b)(`/api/reports/${a.id}`, { method: 'POST', json: { reason: 'spam' } })).status).toBe(401);
  });

  it('lists followers and following with search for signed-in users, and lets the owner remove a follower', async () => {
    const owner = await person({ fullName: 'Olga Owner' });
    const ann = await person({ fullName: 'Annie Hall' });
    const bob = await person({ fullName: 'Bobby Fischer' });
    await t.as(ann)(`/api/follows/${owner.id}`, { method: 'POST' });
    await t.as(bob)(`/api/follows/${owner.id}`, { method: 'POST' });
    await t.as(owner)(`/api/follows/${ann.id}`, { method: 'POST' });

    expect((await t.as(null)(`/api/follows/${owner.id}`)).status).toBe(401);
    const lists = await (await t.as(bob)(`/api/follows/${owner.id}`)).json();
    expect(lists.followersCount).toBe(2);
    expect(lists.followingCount).toBe(1);
    expect(lists.followers.map((e: { id: string }) => e.id)).toEqual([bob.id, ann.id]);
    expect(lists.following).toEqual([expect.objectContaining({ id: ann.id, username: ann.username, fullName: 'Annie Hall' })]);
    expect(JSON.stringify(lists)).not.toContain(ann.email);

    const searched = await (await t.as(bob)(`/api/follows/${owner.id}?q=ANNIE`)).json();
    expect(searched.followers.map((e: { id: string }) => e.id)).toEqual([ann.id]);
    expect(searched.followersCount).toBe(2);
    const byName = await (await t.as(bob)(`/api/follows/${owner.id}?q=${bob.username.slice(0, 8).toUpperCase()}`)).json();
    expect(byName.followers.map((e: { id: string }) => e.id)).toContain(bob.id);

    // Only the owner can remove their own follower; someone else's removal finds nothing.
    expect((await t.as(ann)(`/api/me/followers/${bob.id}`, { method: 'DELETE' })).status).toBe(404);
    const removed = await t.as(owner)(`/api/me/followers/${bob.id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await removed.json()).followersCount).toBe(1);
    expect(await counts(bob.id)).toEqual({ followers: 0, following: 0 });
    expect(await followNotices(owner.id, bob.id)).toHaveLength(0);
    expect((await t.as(null)(`/api/me/followers/${ann.id}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('social links', () => {
  it('trims, clears empties, prepends https:// and refuses anything but http(s)', async () => {
    const a = await person();
    const bad = await t.as(a)('/api/me/social-links', { method: 'PUT', json: { instagramUrl: 'javascript:alert(1)' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toBe('Only http:// and https:// links are allowed.');
    for (const value of ['data:text/html,hi', 'ftp://example.com/x', 'not a link']) {
      expect((await t.as(a)('/api/me/social-links', { method: 'PUT', json: { youtubeUrl: value } })).status, value).toBe(400);
    }
    expect((await t.as(a)('/api/me/social-links', { method: 'PUT', json: { instagram_url: 'x' } })).status).toBe(400);
    expect((await t.as(null)('/api/me/social-links', { method: 'PUT', json: { instagramUrl: 'https://instagram.com/x' } })).status).toBe(401);

    const ok = await t.as(a)('/api/me/social-links', {
      method: 'PUT',
      json: {
        instagramUrl: '  instagram.com/olive  ',
        facebookUrl: '   ',
        youtubeUrl: 'http://youtube.com/@olive',
        tiktokUrl: '',
        twitterUrl: 'https://x.com/olive',
        linkedinUrl: null,
      },
    });
    expect(ok.status).toBe(200);
    const expected = {
      instagramUrl: 'https://instagram.com/olive',
      facebookUrl: null,
      youtubeUrl: 'http://youtube.com/@olive',
      tiktokUrl: null,
      twitterUrl: 'https://x.com/olive',
      linkedinUrl: null,
    };
    expect(await ok.json()).toEqual(expected);
    const seen = await (await t.as(null)(`/api/profiles/${a.id}`)).json();
    expect(seen.socialLinks).toEqual(expected);

    // A missing field clears that link.
    await t.as(a)('/api/me/social-links', { method: 'PUT', json: { twitterUrl: 'x.com/o' } });
    const after = await (await t.as(null)(`/api/profiles/${a.id}`)).json();
    expect(after.socialLinks).toEqual({ ...expected, instagramUrl: null, youtubeUrl: null, twitterUrl: 'https://x.com/o' });
  });
});

describe('reports', () => {
  it('stores an open report, requires a reason and a signed-in reporter, refuses self-reports', async () => {
    const a = await person();
    const b = await person();
    const blank = await t.as(b)(`/api/reports/${a.id}`, { method: 'POST', json: { reason: '   ' } });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe('Please provide a reason for the report.');
    const guest = await t.as(null)(`/api/reports/${a.id}`, { method: 'POST', json: { reason: 'spam' } });
    expect(guest.status).toBe(401);
    expect((await guest.json()).error.message).toBe('You must be logged in to report a user.');
    const self = await t.as(a)(`/api/reports/${a.id}`, { method: 'POST', json: { reason: 'me' } });
    expect(self.status).toBe(400);
    expect((await self.json()).error.message).toBe('You cannot report yourself.');
    expect((await t.as(b)('/api/reports/nobody', { method: 'POST', json: { reason: 'x' } })).status).toBe(404);

    const res = await t.as(b)(`/api/reports/${a.id}`, { method: 'POST', json: { reason: '  Spamming links in forums  ' } });
    expect(res.status).toBe(201);
    const rows = await t.deps.database.db.select().from(reports).where(eq(reports.reportedId, a.id));
    expect(rows).toEqual([expect.objectContaining({ reporterId: b.id, reason: 'Spamming links in forums', status: 'open' })]);
  });

  it('allows 5 reports an hour per user, admins included', async () => {
    const admin = await person();
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const targets = await people(6);
    const statuses: number[] = [];
    for (const target of targets) statuses.push((await t.as(admin)(`/api/reports/${target.id}`, { method: 'POST', json: { reason: 'rude' } })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const rows = await t.deps.database.db.select().from(reports).where(eq(reports.reporterId, admin.id));
    expect(rows).toHaveLength(5);
  });
});

describe('admins and follows', () => {
  it('an admin follows like anyone and sees private profiles with counts', async () => {
    const admin = await person();
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    const target = await person();
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, target.id));
    expect((await t.as(admin)(`/api/follows/${target.id}`, { method: 'POST' })).status).toBe(200);
    const seen = await (await t.as(admin)(`/api/profiles/${target.id}`)).json();
    expect(seen).toMatchObject({ followersCount: 1, viewerFollows: true, favoritesCount: 0, watchlistCount: 0 });
    expect((await t.as(admin)(`/api/follows/${admin.id}`, { method: 'POST' })).status).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents the social routes', async () => {
    const doc = await (await t.request('/api/openapi.json')).json();
    for (const path of ['/follows/{userId}', '/me/followers/{userId}', '/me/social-links', '/reports/{userId}']) expect(Object.keys(doc.paths)).toContain(path);
  });
});
