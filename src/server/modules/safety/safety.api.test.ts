import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ForumReply, ForumThread } from '../../../shared/forums';
import type { MatchesPage } from '../../../shared/matches';
import { SAFETY_TEXT, type SafetyList } from '../../../shared/safety';
import { follows, notifications, profiles } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// Block and mute (issue 20 parts 1 and 2, ruling 28).

let t: TestApp;
const events: { audience: unknown; event: RealtimeEvent }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((audience, event) => events.push({ audience, event }));
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
const api = (u: User) => t.as(u);
const db = () => t.deps.database.db;

async function counts(id: string) {
  const [row] = await db().select({ followers: profiles.followersCount, following: profiles.followingCount }).from(profiles).where(eq(profiles.id, id));
  return row!;
}

const noticesOf = (to: User, from: User) =>
  db()
    .select({ type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, to.id), eq(notifications.relatedUserId, from.id)));

async function titleForumId(u: User, mediaId = 550) {
  const res = await api(u)(`/api/titles/movie/${mediaId}/forums`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { title: { id: string } }).title.id;
}

async function startThread(u: User, forumId: string, content = 'Discuss!') {
  const res = await api(u)(`/api/forums/${forumId}/threads`, { method: 'POST', json: { title: 'A thread', content } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ForumThread;
}

const reply = (u: User, threadId: string, content: string, parentReplyId?: string) =>
  api(u)(`/api/forum-threads/${threadId}/replies`, { method: 'POST', json: { content, ...(parentReplyId ? { parentReplyId } : {}) } });

async function expectRefused(res: Response) {
  expect(res.status, await res.clone().text()).toBe(403);
  expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'forbidden', message: SAFETY_TEXT.cannotInteract });
}

async function favorite(u: User, ...ids: number[]) {
  for (const mediaId of ids) expect((await api(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } })).status).toBe(201);
}

/** Waits until no event has arrived for 300 ms (at most 5 s). */
async function eventsSettled() {
  let seen = -1;
  for (let waited = 0; waited < 5_000 && events.length !== seen; waited += 300) {
    seen = events.length;
    await new Promise((r) => setTimeout(r, 300));
  }
}

const list = async (u: User, what: 'blocks' | 'mutes') => ((await (await api(u)(`/api/me/${what}`)).json()) as SafetyList).users.map((x) => x.id);

describe('block', () => {
  it('a blocked user gets 403 on every interaction route, both ways, and mentioning the blocker makes no notification', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const forumId = await titleForumId(a, 603);
    const thread = await startThread(a, forumId);
    const bThread = await startThread(b, forumId);
    const aReply = (await (await reply(a, bThread.id, 'my reply')).json()) as ForumReply;
    // Before: all of it works, so the refusals below are the block's.
    expect((await api(b)(`/api/messages/with/${a.id}`, { method: 'POST', json: { content: 'hello before' } })).status).toBe(201);

    // b was told of a's reply before the block (notices run after the answer).
    await vi.waitFor(async () => expect((await noticesOf(b, a)).map((n) => n.type)).toEqual(['forum_reply']));
    // Their events (the message to both, b's notice and counts) come after the answers, on PostgreSQL
    // through NOTIFY: let them all land before the mark, so that only the block's own can follow it.
    await eventsSettled();
    const mark = events.length;
    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200);
    // Never told: no notification and no event names the block, and nothing went to b's tabs alone.
    expect((await noticesOf(b, a)).map((n) => n.type)).toEqual(['forum_reply']);
    expect(events.slice(mark).filter((e) => JSON.stringify(e.audience).includes(b.id))).toEqual([]);

    for (const [x, y] of [
      [b, a],
      [a, b],
    ] as const) {
      await expectRefused(await api(x)(`/api/follows/${y.id}`, { method: 'POST' }));
      await expectRefused(await api(x)(`/api/messages/with/${y.id}`, { method: 'POST', json: { content: 'hi' } }));
    }
    // Replies to the other's thread, or to their reply, either way.
    await expectRefused(await reply(b, thread.id, 'a reply'));
    await expectRefused(await reply(a, bThread.id, 'a reply'));
    const carol = await signUpVerified(t);
    const carolReply = (await (await reply(carol, bThread.id, 'carol here')).json()) as ForumReply;
    await expectRefused(await reply(b, bThread.id, 'to a', aReply.id));
    expect((await reply(b, bThread.id, 'to carol', carolReply.id)).status).toBe(201);
    // A mention is not refused (the post is about the thread), but tells the mentioned blocker nothing.
    const before = (await noticesOf(a, b)).length;
    expect((await reply(b, bThread.id, `hey @${a.username} look`)).status).toBe(201);
    expect((await reply(carol, bThread.id, `hey @${a.username} look`)).status).toBe(201);
    await vi.waitFor(async () => expect((await noticesOf(a, carol)).map((n) => n.type)).toContain('forum_mention'));
    expect((await noticesOf(a, b)).length).toBe(before);
    // No follow, message or reply of b's reached a.
    expect(await db().select().from(follows).where(eq(follows.followerId, b.id))).toEqual([]);
  });

  it('the blocked user sees the blocker as not found (profile, follow lists, conversation); the blocker still reads it', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    expect((await api(b)(`/api/messages/with/${a.id}`, { method: 'POST', json: { content: 'old message' } })).status).toBe(201);
    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200);

    const missing = await api(b)(`/api/profiles/00000000-not-a-user`);
    const blockedView = await api(b)(`/api/profiles/${a.id}`);
    expect(blockedView.status).toBe(404);
    expect(await blockedView.json()).toEqual(await missing.json());
    expect((await api(b)(`/api/profiles/by-username/${a.username}`)).status).toBe(404);
    expect((await api(b)(`/api/follows/${a.id}`)).status).toBe(404);
    for (const part of ['favorites', 'watchlist', 'shared-favorites']) expect((await api(b)(`/api/profiles/${a.id}/${part}`)).status).toBe(404);
    // The blocker sees b's profile, marked as blocked by them.
    const seen = await api(a)(`/api/profiles/${b.id}`);
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ id: b.id, viewerBlocks: true, viewerMutes: false });
    // A guest still sees a's profile.
    expect((await t.as(null)(`/api/profiles/${a.id}`)).status).toBe(200);

    // The conversation: the blocker reads it (no sending), the blocked user does not find it.
    const forA = await api(a)(`/api/messages/with/${b.id}`);
    expect(forA.status).toBe(200);
    expect(await forA.json()).toMatchObject({ canMessage: false, messages: [expect.objectContaining({ content: 'old message' })] });
    expect((await api(b)(`/api/messages/with/${a.id}`)).status).toBe(404);
    expect((await api(b)(`/api/messages/with/${a.id}`, { method: 'DELETE' })).status).toBe(404);
    const others = async (u: User, q = '') =>
      ((await (await api(u)(`/api/messages/conversations${q}`)).json()) as { conversations: { user: { id: string } }[] }).conversations.map((c) => c.user.id);
    expect(await others(b)).not.toContain(a.id);
    expect(await others(b, `?q=${a.username}`)).toEqual([]);
    expect(await others(a)).toContain(b.id);
  });

  it('removes both follow directions with exact counts; unblock does not restore them but restores interaction', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const c = await signUpVerified(t);
    for (const [x, y] of [
      [a, b],
      [b, a],
      [c, a],
      [a, c],
    ] as const)
      expect((await api(x)(`/api/follows/${y.id}`, { method: 'POST' })).status).toBe(200);
    expect(await counts(a.id)).toEqual({ followers: 2, following: 2 });

    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200);
    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200); // idempotent
    expect(await counts(a.id)).toEqual({ followers: 1, following: 1 });
    expect(await counts(b.id)).toEqual({ followers: 0, following: 0 });
    expect(await noticesOf(a, b)).toEqual([]); // the new_follower notice went with the follow
    expect(await list(a, 'blocks')).toEqual([b.id]);
    expect(await list(b, 'blocks')).toEqual([]);

    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await list(a, 'blocks')).toEqual([]);
    expect(await counts(a.id)).toEqual({ followers: 1, following: 1 });
    expect(
      await db()
        .select()
        .from(follows)
        .where(and(eq(follows.followerId, b.id), eq(follows.followingId, a.id))),
    ).toEqual([]);
    expect((await api(b)(`/api/profiles/${a.id}`)).status).toBe(200);
    const again = await api(b)(`/api/follows/${a.id}`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ following: true, followersCount: 2 });
    expect((await api(b)(`/api/messages/with/${a.id}`, { method: 'POST', json: { content: 'hi again' } })).status).toBe(201);
  });

  it('hides each from the other in matches and people search', async () => {
    const a = await signUpVerified(t, { username: `blk_a_${Date.now()}` });
    const b = await signUpVerified(t, { username: `blk_b_${Date.now()}` });
    await favorite(a, 13, 24);
    await favorite(b, 13, 24);
    const matchIds = async (u: User) => ((await (await api(u)('/api/me/matches')).json()) as MatchesPage).matches.map((m) => m.user.id);
    const found = async (u: User | null, q: string) => ((await (await t.as(u)(`/api/profiles/search?q=${q}`)).json()) as { results: { id: string }[] }).results.map((r) => r.id);
    expect(await matchIds(b)).toContain(a.id);
    expect(await found(b, a.username)).toEqual([a.id]);

    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200);
    expect(await matchIds(b)).not.toContain(a.id);
    expect(await matchIds(a)).not.toContain(b.id);
    expect(await found(b, a.username)).toEqual([]);
    expect(await found(a, b.username)).toEqual([]);
    expect(await found(null, a.username)).toEqual([a.id]);

    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await matchIds(b)).toContain(a.id);
    expect(await found(b, a.username)).toEqual([a.id]);
  });

  it("says on a match card whether I muted them, and a block takes them out of a free user's three kept for the day", async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    // a is free (not a founding member): their three matches are chosen at the first visit and kept for the day.
    await db().update(profiles).set({ foundingMember: false }).where(eq(profiles.id, a.id));
    await favorite(a, 550, 680, 13);
    await favorite(b, 550, 680, 13);
    const page = async () => (await (await api(a)('/api/me/matches')).json()) as MatchesPage;
    const first = await page();
    expect(first.limited).toBe(true);
    expect(first.matches.find((m) => m.user.id === b.id)).toMatchObject({ isMuted: false });

    expect((await api(a)(`/api/mutes/${b.id}`, { method: 'PUT' })).status).toBe(200);
    expect((await page()).matches.find((m) => m.user.id === b.id)).toMatchObject({ isMuted: true });

    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200);
    expect((await page()).matches.map((m) => m.user.id)).not.toContain(b.id);
  });

  it("hides forum authorship between the pair ('Hidden user'), both ways, and to nobody else", async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const c = await signUpVerified(t);
    const forumId = await titleForumId(a, 680);
    const thread = await startThread(a, forumId, 'by a');
    expect((await reply(b, thread.id, 'by b')).status).toBe(201);
    expect((await api(a)(`/api/blocks/${b.id}`, { method: 'PUT' })).status).toBe(200);

    const threadAs = async (u: User) => (await (await api(u)(`/api/forum-threads/${thread.id}`)).json()) as ForumThread;
    const repliesAs = async (u: User) => ((await (await api(u)(`/api/forum-threads/${thread.id}/replies`)).json()) as { items: ForumReply[] }).items;
    const hidden = { id: '', username: SAFETY_TEXT.hiddenUser, avatarUrl: null, foundingMember: false, hidden: true };
    expect((await threadAs(b)).author).toEqual(hidden);
    expect((await threadAs(b)).content).toBe('by a');
    expect((await repliesAs(a))[0]!.author).toEqual(hidden);
    expect((await threadAs(c)).author).toMatchObject({ id: a.id, hidden: false });
    expect((await repliesAs(c))[0]!.author).toMatchObject({ id: b.id, hidden: false });
    const threads = (await (await api(b)(`/api/forums/${forumId}/threads`)).json()) as { items: ForumThread[] };
    expect(threads.items.find((x) => x.id === thread.id)!.author.hidden).toBe(true);
  });

  it('refuses to block oneself or an unknown user, and needs a session', async () => {
    const a = await signUpVerified(t);
    expect((await api(a)(`/api/blocks/${a.id}`, { method: 'PUT' })).status).toBe(400);
    expect((await api(a)(`/api/blocks/not-a-user`, { method: 'PUT' })).status).toBe(404);
    expect((await t.as(null)(`/api/blocks/${a.id}`, { method: 'PUT' })).status).toBe(401);
    expect((await api(a)(`/api/mutes/${a.id}`, { method: 'PUT' })).status).toBe(400);
  });
});

describe('mute', () => {
  it("flags the muted user's posts for the muter only, stops their notifications to the muter, and tells them nothing", async () => {
    const a = await signUpVerified(t);
    const m = await signUpVerified(t);
    const forumId = await titleForumId(a, 278);
    const thread = await startThread(a, forumId, 'by a');
    const mThread = await startThread(m, forumId, 'by m');

    const mark = events.length;
    expect((await api(a)(`/api/mutes/${m.id}`, { method: 'PUT' })).status).toBe(200);
    expect(events.slice(mark)).toEqual([]);
    expect(await list(a, 'mutes')).toEqual([m.id]);
    expect((await (await api(a)(`/api/profiles/${m.id}`)).json()).viewerMutes).toBe(true);
    expect((await api(m)(`/api/profiles/${a.id}`)).status).toBe(200);

    // Follows, likes, replies and mentions by m make no notification for a.
    expect((await api(m)(`/api/follows/${a.id}`, { method: 'POST' })).status).toBe(200);
    expect((await api(m)(`/api/forum-threads/${thread.id}/like`, { method: 'PUT' })).status).toBe(200);
    expect((await reply(m, thread.id, `reply with @${a.username}`)).status).toBe(201);
    // A reply by someone else proves the notifications ran.
    const c = await signUpVerified(t);
    expect((await reply(c, thread.id, 'from c')).status).toBe(201);
    await vi.waitFor(async () => expect((await noticesOf(a, c)).map((n) => n.type)).toEqual(['forum_reply']));
    await new Promise((r) => setTimeout(r, 200));
    expect(await noticesOf(a, m)).toEqual([]);
    // The other way round m is told as usual: mute only hides, for the muter.
    expect((await reply(a, mThread.id, 'from a')).status).toBe(201);
    await vi.waitFor(async () => expect((await noticesOf(m, a)).map((n) => n.type)).toContain('forum_reply'));

    const repliesAs = async (u: User) => ((await (await api(u)(`/api/forum-threads/${thread.id}/replies`)).json()) as { items: ForumReply[] }).items;
    expect((await repliesAs(a)).map((r) => [r.content.startsWith('reply with') ? 'm' : 'c', r.mutedAuthor])).toEqual([
      ['m', true],
      ['c', false],
    ]);
    expect((await repliesAs(c)).every((r) => !r.mutedAuthor)).toBe(true);
    expect(((await (await api(a)(`/api/forum-threads/${mThread.id}`)).json()) as ForumThread).mutedAuthor).toBe(true);
    // Mute does not block: m's posts keep their author, and m may still message a.
    expect(((await (await api(a)(`/api/forum-threads/${mThread.id}`)).json()) as ForumThread).author.hidden).toBe(false);

    expect((await api(a)(`/api/mutes/${m.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await list(a, 'mutes')).toEqual([]);
    expect((await repliesAs(a)).every((r) => !r.mutedAuthor)).toBe(true);
    expect((await api(m)(`/api/forum-threads/${thread.id}/like`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(m)(`/api/forum-threads/${thread.id}/like`, { method: 'PUT' })).status).toBe(200);
    await vi.waitFor(async () => expect((await noticesOf(a, m)).map((n) => n.type)).toContain('forum_like'));
  });
});
