import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPage } from '../../../shared/feed';
import { activities, profiles, userBlocks, userRoles } from '../../db/schema';
import type { Audience, RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';
import { followingFeed, TWO_STEP_FIRST_UP_TO } from './feed';

type User = Awaited<ReturnType<typeof signUpVerified>>;
let t: TestApp;
const events: { audience: Audience; event: RealtimeEvent }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((audience, event) => events.push({ audience, event }));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
};
const favorite = async (u: User, mediaId: number, rating = 4) => ok(await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating } }), 201);
const settings = async (u: User, json: Record<string, boolean>) => ok(await t.as(u)('/api/me/settings', { method: 'PATCH', json }));

async function feedOf(u: User, query = ''): Promise<FeedPage> {
  const res = await ok(await t.as(u)(`/api/me/feed${query}`));
  return (await res.json()) as FeedPage;
}
const kindsOf = async (u: User) => (await feedOf(u)).items.map((i) => `${i.kind}:${i.media?.mediaId ?? i.thread?.title}`);

async function startThread(u: User, title: string) {
  const forums = (await (await ok(await t.as(u)('/api/titles/movie/550/forums'))).json()) as { title: { id: string } };
  const res = await ok(await t.as(u)(`/api/forums/${forums.title.id}/threads`, { method: 'POST', json: { title, content: 'Discuss!' } }), 201);
  return (await res.json()) as { id: string };
}

/** A followed person (A) with one of every kind of activity, and a follower (B). */
async function world() {
  const a = await signUpVerified(t);
  const b = await signUpVerified(t);
  expect((await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
  await favorite(a, 550, 3);
  await ok(await t.as(a)('/api/me/favorites/movie/550', { method: 'PATCH', json: { rating: 5 } }));
  await ok(await t.as(a)('/api/me/watchlist', { method: 'POST', json: { mediaType: 'movie', mediaId: 278 } }), 201);
  await ok(await t.as(a)('/api/me/currently-watching', { method: 'PUT', json: { mediaType: 'movie', mediaId: 238 } }));
  const thread = await startThread(a, 'Best ending ever?');
  return { a, b, thread };
}

describe('GET /api/me/feed', () => {
  it('refuses a visitor and a bad cursor', async () => {
    expect((await t.request('/api/me/feed')).status).toBe(401);
    const u = await signUpVerified(t);
    expect((await t.as(u)('/api/me/feed?before=yesterday')).status).toBe(400);
    expect((await t.as(u)('/api/me/feed?limit=0')).status).toBe(400);
    expect(await feedOf(u)).toEqual({ items: [], nextCursor: null });
  }, 120_000);

  it("shows a followed person's favorite, rating change, watchlist, currently watching and thread, newest first, to followers only", async () => {
    const { a, b, thread } = await world();
    const page = await feedOf(b);
    expect(page.items.map((i) => i.kind)).toEqual(['thread', 'watching', 'watchlist', 'rating', 'favorite']);
    expect(page.items[0]).toMatchObject({ actor: { id: a.id, username: a.username }, thread: { id: thread.id, title: 'Best ending ever?' }, media: null });
    expect(page.items[1]).toMatchObject({ media: { mediaType: 'movie', mediaId: 238 }, rating: null });
    expect(page.items[3]).toMatchObject({ media: { mediaId: 550, title: 'Fight Club' }, rating: 5 });
    expect(page.items[4]).toMatchObject({ media: { mediaId: 550 }, rating: 3 });
    expect(page.nextCursor).toBeNull();
    // Not a follower, and not A's own feed.
    const stranger = await signUpVerified(t);
    expect((await feedOf(stranger)).items).toEqual([]);
    expect((await feedOf(a)).items).toEqual([]);
    // A second rating change replaces the first "rated" row.
    await ok(await t.as(a)('/api/me/favorites/movie/550', { method: 'PATCH', json: { rating: 2 } }));
    expect(await kindsOf(b)).toEqual(['rating:550', 'thread:Best ending ever?', 'watching:238', 'watchlist:278', 'favorite:550']);
    // An edited thread title shows as edited.
    await ok(await t.as(a)(`/api/forum-threads/${thread.id}`, { method: 'PATCH', json: { title: 'Best ending, really?' } }));
    expect((await feedOf(b)).items.find((i) => i.kind === 'thread')?.thread?.title).toBe('Best ending, really?');
  }, 120_000);

  it('pages newest first with the cursor, across more people than a page, without gaps or repeats', async () => {
    const b = await signUpVerified(t);
    const people: User[] = [];
    for (let i = 0; i < 5; i++) people.push(await signUpVerified(t));
    for (const p of people) expect((await t.as(b)(`/api/follows/${p.id}`, { method: 'POST' })).status).toBeLessThan(300);
    // Person 0 is busy early and late, the others once each in between: a page may take several rows of one person.
    const plan: [number, number][] = [
      [0, 13],
      [0, 238],
      [1, 240],
      [2, 278],
      [3, 424],
      [4, 550],
      [0, 603],
      [0, 680],
    ];
    const expected: string[] = [];
    for (const [who, mediaId] of plan) {
      await favorite(people[who]!, mediaId);
      expected.unshift(`${people[who]!.id}:${mediaId}`);
    }
    for (const limit of [2, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: FeedPage = await feedOf(b, `?limit=${limit}${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((i) => `${i.actor.id}:${i.media?.mediaId}`));
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(Math.ceil(plan.length / limit));
      expect(seen).toEqual(expected);
    }
    // The two read paths give the same pages: the two-step read alone (no windows), and a fast
    // window of 3 rows, too small for a page of 2 once other people's rows are newer.
    for (const windows of [[], [3]]) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await followingFeed(t.deps, b.id, cursor, 2, windows);
        seen.push(...page.items.map((i) => `${i.actor.id}:${i.media?.mediaId}`));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(seen, `windows ${windows.join()}`).toEqual(expected);
    }
    // Someone else's newer rows push the followed ones out of a small window: the two-step read finds them.
    const other = await signUpVerified(t);
    for (const mediaId of [13, 238, 240]) await favorite(other, mediaId);
    expect((await followingFeed(t.deps, b.id, undefined, 2, [3])).items.map((i) => `${i.actor.id}:${i.media?.mediaId}`)).toEqual(expected.slice(0, 2));
  }, 120_000);

  it('hides a private account and each show_* section at read time, and shows them again when turned back', async () => {
    const { a, b } = await world();
    const all = ['thread', 'watching', 'watchlist', 'rating', 'favorite'];
    const kinds = async () => (await feedOf(b)).items.map((i) => i.kind);
    expect(await kinds()).toEqual(all);

    await settings(a, { isPrivate: true });
    expect(await kinds()).toEqual([]);
    // An admin who follows the private account still sees it (ruling 9: owner and admins).
    const admin = await signUpVerified(t);
    await t.deps.database.db.insert(userRoles).values({ userId: admin.id, role: 'admin' });
    expect((await t.as(admin)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await feedOf(admin)).items.map((i) => i.kind)).toEqual(all);
    await settings(a, { isPrivate: false });
    expect(await kinds()).toEqual(all);

    await settings(a, { showFavorites: false });
    expect(await kinds()).toEqual(['thread', 'watching', 'watchlist']);
    await settings(a, { showFavorites: true, showWatchlist: false });
    expect(await kinds()).toEqual(['thread', 'watching', 'rating', 'favorite']);
    await settings(a, { showWatchlist: true, showCurrentlyWatching: false });
    expect(await kinds()).toEqual(['thread', 'watchlist', 'rating', 'favorite']);
    await settings(a, { showCurrentlyWatching: true });
    expect(await kinds()).toEqual(all);
  }, 120_000);

  it('hides activity across a block either way, and of a banned user', async () => {
    const { a, b } = await world();
    await ok(await t.as(a)(`/api/blocks/${b.id}`, { method: 'PUT' }));
    expect((await feedOf(b)).items).toEqual([]);
    await ok(await t.as(a)(`/api/blocks/${b.id}`, { method: 'DELETE' }));
    // The block ended the follow; following again shows it again.
    expect((await feedOf(b)).items).toEqual([]);
    expect((await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await feedOf(b)).items).toHaveLength(5);
    await ok(await t.as(b)(`/api/blocks/${a.id}`, { method: 'PUT' }));
    expect((await feedOf(b)).items).toEqual([]);
    await ok(await t.as(b)(`/api/blocks/${a.id}`, { method: 'DELETE' }));

    // A block row beside a follow (a race the follow's re-check prevents) still hides it.
    const { a: c, b: d } = await world();
    await t.deps.database.db.insert(userBlocks).values({ blockerId: c.id, blockedId: d.id });
    expect((await feedOf(d)).items).toEqual([]);

    const { a: e, b: f } = await world();
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, e.id));
    expect((await feedOf(f)).items).toEqual([]);
    await t.deps.database.db.update(profiles).set({ isBanned: false }).where(eq(profiles.id, e.id));
    expect((await feedOf(f)).items).toHaveLength(5);
  }, 120_000);

  it("hides a muted person's activity from the muter alone (issue 20: mute hides activity), on every read path, and shows it again on unmute", async () => {
    const { a, b } = await world();
    const other = await signUpVerified(t);
    expect((await t.as(other)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    const allPaths = async (u: User) => [
      (await feedOf(u)).items.length,
      ...(await Promise.all([[], [3]].map(async (w) => (await followingFeed(t.deps, u.id, undefined, 20, w)).items.length))),
    ];
    expect(await allPaths(b)).toEqual([5, 5, 5]);
    await ok(await t.as(b)(`/api/mutes/${a.id}`, { method: 'PUT' }));
    expect(await allPaths(b)).toEqual([0, 0, 0]);
    // The muted person is not told, and their other followers see them as before.
    expect(await allPaths(other)).toEqual([5, 5, 5]);
    await ok(await t.as(b)(`/api/mutes/${a.id}`, { method: 'DELETE' }));
    expect(await allPaths(b)).toEqual([5, 5, 5]);
  }, 120_000);

  it('removing a favorite, a watchlist entry or a thread removes its activity', async () => {
    const { a, b, thread } = await world();
    await ok(await t.as(a)('/api/me/favorites/movie/550', { method: 'DELETE' }));
    expect(await kindsOf(b)).toEqual(['thread:Best ending ever?', 'watching:238', 'watchlist:278']);
    await ok(await t.as(a)('/api/me/watchlist/movie/278', { method: 'DELETE' }));
    await ok(await t.as(a)(`/api/forum-threads/${thread.id}`, { method: 'DELETE' }));
    expect(await kindsOf(b)).toEqual(['watching:238']);
    // Favorite again: news again, once.
    await favorite(a, 550);
    expect(await kindsOf(b)).toEqual(['favorite:550', 'watching:238']);
    const rows = await t.deps.database.db.select().from(activities).where(eq(activities.actorId, a.id));
    expect(rows).toHaveLength(2);
  }, 120_000);

  it("tells followers' tabs live, only of what they may see, and of a privacy change", async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const stranger = await signUpVerified(t);
    expect((await t.as(b)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBeLessThan(300);
    const toldB = async () => {
      await new Promise((r) => setTimeout(r, 150));
      const n = events.filter((e) => e.event.type === 'feed-changed' && 'users' in e.audience && e.audience.users.includes(b.id)).length;
      expect(events.some((e) => e.event.type === 'feed-changed' && 'users' in e.audience && e.audience.users.includes(stranger.id))).toBe(false);
      events.length = 0;
      return n;
    };
    events.length = 0;
    await favorite(a, 550);
    expect(await toldB()).toBe(1);
    await settings(a, { showFavorites: false });
    expect(await toldB()).toBe(1);
    // A hidden change is told to nobody: the event would say that A did something.
    await favorite(a, 238);
    expect(await toldB()).toBe(0);
    await ok(await t.as(a)('/api/me/watchlist', { method: 'POST', json: { mediaType: 'movie', mediaId: 278 } }), 201);
    expect(await toldB()).toBe(1);
  }, 120_000);

  it('answers the first pages of viewers who ask at once with one statement, each their own (decision 022)', async () => {
    // Two busy people with a full page each (rows written directly: the fast path needs 21 of them
    // among everyone's newest), a quiet one with 3, and four viewers: two follow the first, one the
    // second, one the quiet person.
    const [first, second, quiet, ...viewers] = await Promise.all([0, 1, 2, 3, 4, 5, 6].map(() => signUpVerified(t)));
    for (const [person, rows] of [
      [first!, 22],
      [second!, 22],
      [quiet!, 3],
    ] as const) {
      await t.deps.database.db
        .insert(activities)
        .values(Array.from({ length: rows }, (_, i) => ({ actorId: person.id, kind: 'thread' as const, title: `${person.username} ${i}` })));
    }
    const followed = [first!, first!, second!, quiet!];
    for (const [i, v] of viewers.entries()) expect((await t.as(v)(`/api/follows/${followed[i]!.id}`, { method: 'POST' })).status).toBeLessThan(300);
    for (const v of viewers) await feedOf(v); // caches the sessions
    // Decision 090: a viewer who follows few people gets the two-step read at once. Counted as
    // following many (the count decides only which read runs), they take the fast path first.
    const setFollowing = (n: number) =>
      t.deps.database.db
        .update(profiles)
        .set({ followingCount: n })
        .where(
          inArray(
            profiles.id,
            viewers.map((v) => v.id),
          ),
        );
    await setFollowing(TWO_STEP_FIRST_UP_TO + 1);
    const pageOf = (page: FeedPage) => [page.items.length, [...new Set(page.items.map((i) => i.actor.id))], page.nextCursor !== null];
    const expected = followed.map((person) => (person === quiet ? [3, [quiet.id], false] : [20, [person.id], true]));
    // The three with a full page among everyone's newest rows: the fast path's one statement.
    const busy = await statementsDuring(t.deps.database, () => Promise.all(viewers.slice(0, 3).map((v) => feedOf(v))));
    expect(busy.statements).toHaveLength(1);
    expect(busy.result.map(pageOf)).toEqual(expected.slice(0, 3));
    // With the quiet person's follower among them: the fast path, then the two-step read for that one.
    const all = await statementsDuring(t.deps.database, () => Promise.all(viewers.map((v) => feedOf(v))));
    expect(all.statements).toHaveLength(2);
    expect(all.result.map(pageOf)).toEqual(expected);
    // Following one person each, as they do: the same pages, all four by the two-step read in one statement.
    await setFollowing(1);
    const few = await statementsDuring(t.deps.database, () => Promise.all(viewers.map((v) => feedOf(v))));
    expect(few.statements).toHaveLength(1);
    expect(few.result).toEqual(all.result);
  }, 120_000);
});
