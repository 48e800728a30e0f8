import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETENESS_STEPS, type Dashboard } from '../../../shared/dashboard';
import type { NotificationPage, NotificationType } from '../../../shared/notifications';
import { notifications, profiles } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

type User = Awaited<ReturnType<typeof signUpVerified>>;
let t: TestApp;

async function favorite(u: User, ...ids: number[]) {
  for (const mediaId of ids) {
    const res = await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } });
    expect(res.status).toBe(201);
  }
}

async function dashboardOf(u: User): Promise<Dashboard> {
  const res = await t.as(u)('/api/me/dashboard');
  expect(res.status).toBe(200);
  return (await res.json()) as Dashboard;
}

async function activityOf(u: User, query: string): Promise<NotificationPage> {
  const res = await t.as(u)(`/api/notifications${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as NotificationPage;
}

const setProfile = (u: User, values: Partial<typeof profiles.$inferInsert>) => t.deps.database.db.update(profiles).set(values).where(eq(profiles.id, u.id));

/** Notifications a second apart, oldest first, so their order does not hang on the clock's resolution. */
async function give(to: User, list: { type: NotificationType; from?: User | null; title: string }[]) {
  const start = Date.now() - list.length * 1000;
  await t.deps.database.db
    .insert(notifications)
    .values(list.map((n, i) => ({ userId: to.id, type: n.type, title: n.title, message: n.title, relatedUserId: n.from?.id ?? null, createdAt: new Date(start + i * 1000) })));
}

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/me/dashboard', () => {
  it('refuses a visitor', async () => {
    expect((await t.request('/api/me/dashboard')).status).toBe(401);
  });

  it('greets by full name, else username, and gives the four counts as they are', async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    let d = await dashboardOf(me);
    expect(d.name).toBe(me.username);
    expect(d.counts).toEqual({ favorites: 0, watchlist: 0, followers: 0, following: 0 });

    await setProfile(me, { fullName: '  Ada Lovelace ' });
    await favorite(me, 238, 240);
    expect((await t.as(me)('/api/me/watchlist', { method: 'POST', json: { mediaType: 'movie', mediaId: 278 } })).status).toBe(201);
    expect((await t.as(me)(`/api/follows/${other.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await t.as(other)(`/api/follows/${me.id}`, { method: 'POST' })).status).toBeLessThan(300);
    d = await dashboardOf(me);
    expect(d.name).toBe('Ada Lovelace');
    expect(d.counts).toEqual({ favorites: 2, watchlist: 1, followers: 1, following: 1 });
  }, 120_000);

  it('scores profile completeness by the steps of ruling 12 and names the missing ones', async () => {
    const me = await signUpVerified(t);
    const points = Object.fromEntries(COMPLETENESS_STEPS.map((s) => [s.key, s.points]));
    expect(Object.values(points).reduce((a, b) => a + b, 0)).toBe(100);
    // Sign-up without a name stores the username as the name: that is not a name yet.
    let c = (await dashboardOf(me)).completeness;
    expect(c.score).toBe(0);
    const named = await signUpVerified(t, { fullName: 'Named Person' });
    expect((await dashboardOf(named)).completeness.steps.filter((s) => s.done).map((s) => s.key)).toEqual(['fullName']);
    expect(c.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(['avatar', 'fullName', 'bio', 'genres', 'favorites', 'watchlist', 'social']);

    // Whitespace is not a bio; two genres and four favorites are not enough.
    await setProfile(me, { fullName: 'Grace', bio: '   ', favoriteGenres: ['Drama', 'Crime'] });
    await favorite(me, 238, 240, 278, 680);
    c = (await dashboardOf(me)).completeness;
    expect(c.score).toBe(points.fullName);
    expect(c.steps.filter((s) => s.done).map((s) => s.key)).toEqual(['fullName']);

    await setProfile(me, { bio: 'Films.', favoriteGenres: ['Drama', 'Crime', 'Comedy'], twitterUrl: 'https://x.com/grace' });
    await favorite(me, 550);
    c = (await dashboardOf(me)).completeness;
    expect(c.score).toBe(100 - points.avatar! - points.watchlist!);
    expect(c.steps.filter((s) => !s.done).map((s) => s.label)).toEqual(['Add a profile photo', 'Add a title to your watchlist']);

    await setProfile(me, { avatarUrl: '/uploads/avatars/x.png' });
    expect((await t.as(me)('/api/me/watchlist', { method: 'POST', json: { mediaType: 'movie', mediaId: 769 } })).status).toBe(201);
    expect((await dashboardOf(me)).completeness.score).toBe(100);
  }, 120_000);

  it('suggests top matches not yet followed, then people sharing genres, never private, banned or unverified (ruling 23)', async () => {
    const me = await signUpVerified(t);
    await setProfile(me, { foundingMember: false, favoriteGenres: ['Mystery', 'Romance', 'Horror'] });
    await favorite(me, 603, 12, 155);
    const [close, followed, hidden, banned, genreTwo, genreOne, genrePrivate, noGenre] = await Promise.all(Array.from({ length: 8 }, () => signUpVerified(t)));
    await favorite(close!, 603, 12);
    await favorite(followed!, 603);
    await favorite(hidden!, 603, 12, 155);
    await favorite(banned!, 603, 12, 155);
    await setProfile(hidden!, { isPrivate: true });
    await setProfile(banned!, { isBanned: true });
    await setProfile(genreTwo!, { favoriteGenres: ['Mystery', 'Horror', 'Comedy'] });
    await setProfile(genreOne!, { favoriteGenres: ['Romance'] });
    await setProfile(genrePrivate!, { favoriteGenres: ['Mystery', 'Romance', 'Horror'], isPrivate: true });
    await setProfile(noGenre!, { favoriteGenres: ['Western'] });
    await setProfile(banned!, { favoriteGenres: ['Mystery', 'Romance', 'Horror'] });
    expect((await t.as(me)(`/api/follows/${followed!.id}`, { method: 'POST' })).status).toBeLessThan(300);

    const { suggestions } = await dashboardOf(me);
    const ids = suggestions.map((s) => s.user.id);
    // close is a 100% match; followed is one too but already followed; then the genre fill-up, most shared first.
    expect(ids.slice(0, 3)).toEqual([close!.id, genreTwo!.id, genreOne!.id]);
    expect(suggestions[0]).toMatchObject({ reason: 'match', matchPercentage: 100 });
    expect(suggestions[1]).toMatchObject({ reason: 'genres', matchPercentage: null, sharedGenres: ['Horror', 'Mystery'] });
    for (const never of [me, followed, hidden, banned, genrePrivate, noGenre]) expect(ids).not.toContain(never!.id);
    expect(suggestions.length).toBeLessThanOrEqual(5);
  }, 120_000);

  it('gives at most five suggestions', async () => {
    const me = await signUpVerified(t);
    await setProfile(me, { favoriteGenres: ['Documentary'] });
    const others = await Promise.all(Array.from({ length: 7 }, () => signUpVerified(t)));
    for (const o of others) await setProfile(o, { favoriteGenres: ['Documentary'] });
    const { suggestions } = await dashboardOf(me);
    expect(suggestions).toHaveLength(5);
    expect(new Set(suggestions.map((s) => s.user.id)).size).toBe(5);
  }, 120_000);
});

describe('Recent Activity: GET /api/notifications?limit=15&kind= (ruling 22)', () => {
  it('gives the latest 15, newest first, and filters by kind', async () => {
    const me = await signUpVerified(t);
    const friend = await signUpVerified(t);
    const types: NotificationType[] = [
      'new_follower',
      'message',
      'new_favorite_from_following',
      'new_match',
      'forum_reply',
      'forum_like',
      'follow',
      'favorite',
      'match',
      'forum_mention',
    ];
    await give(
      me,
      Array.from({ length: 20 }, (_, i) => ({ type: types[i % types.length]!, from: friend, title: `n${i}` })),
    );
    const all = await activityOf(me, '?limit=15');
    expect(all.items.map((n) => n.title)).toEqual(Array.from({ length: 15 }, (_, i) => `n${19 - i}`));
    const kinds = {
      follows: ['new_follower', 'follow'],
      messages: ['message'],
      favorites: ['new_favorite_from_following', 'favorite'],
      matches: ['new_match', 'match'],
      forums: ['forum_reply', 'forum_like', 'forum_mention'],
    };
    for (const [kind, want] of Object.entries(kinds)) {
      const page = await activityOf(me, `?limit=15&kind=${kind}`);
      expect(page.items.length, kind).toBe(want.length * 2);
      for (const n of page.items) expect(want, kind).toContain(n.type);
    }
    expect((await activityOf(me, '?limit=15&kind=all')).items).toHaveLength(15);
    expect((await t.as(me)('/api/notifications?kind=everything')).status).toBe(400);
  });

  it('leaves out what privacy hides: favorites of an author who hides them (the list agrees with the unread counters)', async () => {
    const me = await signUpVerified(t);
    const shy = await signUpVerified(t);
    const bad = await signUpVerified(t);
    await give(me, [
      { type: 'new_favorite_from_following', from: shy, title: 'shy favorited' },
      { type: 'new_follower', from: shy, title: 'shy followed' },
      { type: 'message', from: bad, title: 'bad wrote' },
    ]);
    await setProfile(shy, { showFavorites: false });
    // A ban hides the profile, not what was already said to others: the badge counts it, so the list shows it.
    await setProfile(bad, { isBanned: true });
    expect((await activityOf(me, '?limit=15')).items.map((n) => n.title)).toEqual(['bad wrote', 'shy followed']);
    expect((await activityOf(me, '?limit=15&kind=favorites')).items).toEqual([]);
    const unread = (await (await t.as(me)('/api/notifications/unread-count')).json()) as { count: number };
    expect(unread.count).toBe(2);
  });

  it("shows only one's own", async () => {
    const me = await signUpVerified(t);
    const other = await signUpVerified(t);
    await give(other, [{ type: 'new_follower', from: me, title: 'not yours' }]);
    expect((await activityOf(me, '?limit=15')).items).toEqual([]);
  });
});
