import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { follows, notifications, profiles } from '../../db/schema';
import type { Audience, RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

/**
 * Ruling 9 beyond the profile API: a favorite hidden by `is_private` or `show_favorites` must not
 * reach anyone through notifications, mails, realtime events or people search.
 */
let t: TestApp;
const published: { audience: Audience; event: RealtimeEvent }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((audience, event) => published.push({ audience, event }));
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUpVerified>>;

const FORREST_GUMP = { mediaType: 'movie', mediaId: 13 } as const;
const MATRIX = { mediaType: 'movie', mediaId: 603 } as const;

/** The favorite mails sent so far (sign-up mails left out). */
async function favoriteMails() {
  while ((await t.deps.mail.processDue()) > 0);
  return t.transport.sent.filter((m) => m.subject.startsWith('New favorite'));
}

const favoriteNotices = (to: string, from: string) =>
  t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, to), eq(notifications.relatedUserId, from), eq(notifications.type, 'new_favorite_from_following')));

/** A follower whose favorite preference is 'both' (the default), of `star`. */
async function followerOf(star: Person) {
  const fan = await signUpVerified(t);
  await t.deps.database.db.insert(follows).values({ followerId: fan.id, followingId: star.id });
  return fan;
}

/** Lets the background fan-out of a favorite run to its end. */
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('new favorites of a user whose favorites are hidden', () => {
  for (const [label, hide] of [
    ['a private account', { isPrivate: true }],
    ['show_favorites off', { showFavorites: false }],
  ] as const) {
    it(`are not announced to followers, by notification or mail (${label}); a public user's still are`, async () => {
      const carol = await signUpVerified(t);
      const fan = await followerOf(carol);
      await t.deps.database.db.update(profiles).set(hide).where(eq(profiles.id, carol.id));
      expect((await t.as(carol)('/api/me/favorites', { method: 'POST', json: { ...FORREST_GUMP, rating: 5 } })).status).toBe(201);
      await settle();
      expect(await favoriteNotices(fan.id, carol.id)).toEqual([]);
      expect((await favoriteMails()).filter((m) => m.to === fan.email)).toEqual([]);

      // The same follower hears about a public user's favorite, by notification and mail.
      const dave = await signUpVerified(t);
      await t.deps.database.db.insert(follows).values({ followerId: fan.id, followingId: dave.id });
      expect((await t.as(dave)('/api/me/favorites', { method: 'POST', json: { ...FORREST_GUMP, rating: 4 } })).status).toBe(201);
      await vi.waitFor(async () => expect(await favoriteNotices(fan.id, dave.id)).toHaveLength(1));
      const mails = (await favoriteMails()).filter((m) => m.to === fan.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain(`@${dave.username}`);
      expect(mails.some((m) => m.text.includes(`@${carol.username}`))).toBe(false);
    });
  }

  it('are not told to anyone else by realtime events: no profile-updated for the hidden user outside their own tabs', async () => {
    const carol = await signUpVerified(t);
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, carol.id));
    published.length = 0;
    await t.as(carol)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 5 } });
    await t.as(carol)('/api/me/currently-watching', { method: 'PUT', json: MATRIX });
    await t.as(carol)('/api/me/watchlist', { method: 'POST', json: FORREST_GUMP });
    await t.as(carol)('/api/me/favorites/movie/603', { method: 'DELETE' });
    await settle();
    const public_ = published.filter((p) => 'everyone' in p.audience);
    // The favorited-by count is an anonymous total; the event carries the title only.
    expect(public_.filter((p) => p.event.type === 'favorite-count').map((p) => p.event)).toEqual([
      { type: 'favorite-count', mediaType: 'movie', mediaId: 603 },
      { type: 'favorite-count', mediaType: 'movie', mediaId: 603 },
    ]);
    expect(public_.filter((p) => JSON.stringify(p.event).includes(carol.id))).toEqual([]);
    // Her own tabs still refresh.
    expect(published).toContainEqual({ audience: { users: [carol.id] }, event: { type: 'profile-updated', userId: carol.id } });

    // A public user's profile changes still go to everyone (their counts are visible).
    const dave = await signUpVerified(t);
    published.length = 0;
    await t.as(dave)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 5 } });
    expect(published).toContainEqual({ audience: { everyone: true }, event: { type: 'profile-updated', userId: dave.id } });
  });

  it('takes back earlier favorite notifications once the author hides their favorites', async () => {
    const carol = await signUpVerified(t);
    const fan = await followerOf(carol);
    await t.as(carol)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 5 } });
    await vi.waitFor(async () => expect(await favoriteNotices(fan.id, carol.id)).toHaveLength(1));
    const [notice] = await favoriteNotices(fan.id, carol.id);
    const listed = async () => (await (await t.as(fan)('/api/notifications')).json()).items.map((n: { id: string }) => n.id);
    const unread = async () => (await (await t.as(fan)('/api/notifications/unread-count')).json()).count;
    expect(await listed()).toContain(notice!.id);
    expect(await unread()).toBe(1);

    for (const hide of [{ isPrivate: true }, { isPrivate: false, showFavorites: false }]) {
      await t.deps.database.db.update(profiles).set(hide).where(eq(profiles.id, carol.id));
      expect(await listed()).not.toContain(notice!.id);
      expect(await unread()).toBe(0);
      expect((await t.as(fan)(`/api/notifications/${notice!.id}`)).status).toBe(404);
    }

    await t.deps.database.db.update(profiles).set({ isPrivate: false, showFavorites: true }).where(eq(profiles.id, carol.id));
    expect(await listed()).toContain(notice!.id);
    expect(await unread()).toBe(1);
  });

  it('people search shows a private user by the header only, never their lists', async () => {
    const carol = await signUpVerified(t, { fullName: 'Carol Private' });
    await t.deps.database.db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, carol.id));
    await t.as(carol)('/api/me/favorites', { method: 'POST', json: { ...MATRIX, rating: 5 } });
    const viewer = await signUpVerified(t);
    const res = await t.as(viewer)(`/api/profiles/search?q=${encodeURIComponent(carol.username)}`);
    expect(res.status).toBe(200);
    const { results } = await res.json();
    expect(results).toHaveLength(1);
    expect(Object.keys(results[0]).sort()).toEqual(['avatarUrl', 'fullName', 'id', 'username']);
    expect(JSON.stringify(results)).not.toContain('Matrix');
  });
});
