import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORUM_TEXT, POSTS_PER_MINUTE } from '../../../shared/forums';
import { follows, forumReplies, forums, forumThreads, notifications, profiles, reportedPosts, threadFollows, threadLikes, userRoles } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
const events: RealtimeEvent[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((_audience, event) => events.push(event));
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
/** Every early account is a founding member (ruling 6), so premium; `free` takes that away. */
async function newUser(opts: { free?: boolean; admin?: boolean } = {}): Promise<User> {
  const u = await signUpVerified(t);
  if (opts.free) await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, u.id));
  if (opts.admin) await t.deps.database.db.insert(userRoles).values({ userId: u.id, role: 'admin' });
  return u;
}

const api = (u: User | null) => t.as(u);
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

async function titleForum(u: User, type = 'movie', id = 550) {
  const res = await api(u)(`/api/titles/${type}/${id}/forums`);
  expect(res.status).toBe(200);
  return (await res.json()) as { title: { id: string; name: string; threadCount: number }; genres: { id: string; name: string }[] };
}

async function startThread(u: User, forumId: string, title = 'What a film', content = 'Discuss!') {
  const res = await api(u)(`/api/forums/${forumId}/threads`, { method: 'POST', json: { title, content } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; title: string; forumId: string };
}

async function forumOf(id: string) {
  const [row] = await t.deps.database.db.select().from(forums).where(eq(forums.id, id));
  return row!;
}
async function threadOf(id: string) {
  const [row] = await t.deps.database.db.select().from(forumThreads).where(eq(forumThreads.id, id));
  return row;
}

describe('forums of a title and of its genres', () => {
  it('creates the title forum and one per genre on first use, once, and needs sign-in', async () => {
    const u = await newUser();
    expect((await api(null)('/api/titles/movie/550/forums')).status).toBe(401);
    const first = await titleForum(u);
    expect(first.title).toMatchObject({ name: 'Fight Club', threadCount: 0 });
    expect(first.genres.map((g) => g.name)).toContain('Drama');
    // Concurrent first uses make one row per forum.
    const again = await Promise.all([titleForum(u), titleForum(u), titleForum(u)]);
    for (const a of again) {
      expect(a.title.id).toBe(first.title.id);
      expect(a.genres.map((g) => g.id)).toEqual(first.genres.map((g) => g.id));
    }
    const genre = await json(await api(u)('/api/forums/genre/Drama'));
    expect(genre.body.id).toBe(first.genres.find((g) => g.name === 'Drama')!.id);
    expect((await api(u)('/api/forums/genre/Knitting')).status).toBe(400);
    expect((await api(u)('/api/titles/movie/999999999/forums')).status).toBe(404);
  });
});

describe('threads', () => {
  it('only premium users start threads (ruling 24): a free user gets 403, and the title is validated', async () => {
    const premium = await newUser();
    const free = await newUser({ free: true });
    const { title } = await titleForum(premium, 'movie', 603);
    const refused = await json(await api(free)(`/api/forums/${title.id}/threads`, { method: 'POST', json: { title: 'Mine', content: 'x' } }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', message: FORUM_TEXT.premiumOnly });

    for (const bad of [
      { title: '   ', content: 'x' },
      { title: 'x'.repeat(201), content: 'x' },
      { title: 'ok', content: ' ' },
      { title: 'ok', content: 'x'.repeat(1001) },
      { title: 'ok' },
      { title: 'ok', content: 'x', extra: 1 },
    ]) {
      const res = await api(premium)(`/api/forums/${title.id}/threads`, { method: 'POST', json: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
    const created = await startThread(premium, title.id, `  ${'t'.repeat(200)}  `, 'y'.repeat(1000));
    expect(created.title).toBe('t'.repeat(200));
    expect((await forumOf(title.id)).threadCount).toBe(1);
    expect(events).toContainEqual({ type: 'forum-threads-changed', forumId: title.id });
    expect((await api(premium)('/api/forums/00000000-0000-4000-8000-000000000000/threads', { method: 'POST', json: { title: 'a', content: 'b' } })).status).toBe(404);
  });

  it('lists pinned first, then newest, in keyset pages without repeats', async () => {
    const author = await newUser();
    const admin = await newUser({ admin: true });
    const { title } = await titleForum(author, 'tv', 1396);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await startThread(author, title.id, `Thread ${i}`)).id);
    const pin = await api(admin)(`/api/forum-threads/${made[2]}/pin`, { method: 'PUT', json: { pinned: true } });
    expect(pin.status).toBe(200);
    expect((await api(author)(`/api/forum-threads/${made[3]}/pin`, { method: 'PUT', json: { pinned: true } })).status).toBe(403);

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const q: string = after ? `?limit=3&after=${after}` : '?limit=3';
      const page = await json(await api(author)(`/api/forums/${title.id}/threads${q}`));
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((i: { id: string }) => i.id));
      after = page.body.nextCursor;
    } while (after);
    expect(seen).toEqual([made[2], made[6], made[5], made[4], made[3], made[1], made[0]]);
    expect((await api(author)('/api/forums/00000000-0000-4000-8000-000000000000/threads')).status).toBe(404);
  });

  it('the author edits and deletes; others get 403; an admin may delete; replies, likes and follows go with it', async () => {
    const author = await newUser();
    const other = await newUser();
    const admin = await newUser({ admin: true });
    const { title } = await titleForum(author, 'movie', 13);
    const thread = await startThread(author, title.id);

    expect((await api(other)(`/api/forum-threads/${thread.id}`, { method: 'PATCH', json: { title: 'Hijacked' } })).status).toBe(403);
    const edited = await json(await api(author)(`/api/forum-threads/${thread.id}`, { method: 'PATCH', json: { title: ' Better title ' } }));
    expect(edited).toMatchObject({ status: 200, body: { title: 'Better title', isMine: true } });
    expect((await api(author)(`/api/forum-threads/${thread.id}`, { method: 'PATCH', json: {} })).status).toBe(400);

    const reply = await json(await api(other)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'Nice' } }));
    expect(reply.status).toBe(201);
    await api(other)(`/api/forum-threads/${thread.id}/like`, { method: 'PUT' });
    await api(other)(`/api/forum-threads/${thread.id}/follow`, { method: 'PUT' });
    await api(author)(`/api/forum-replies/${reply.body.id}/like`, { method: 'PUT' });
    await api(other)('/api/forum-reports', { method: 'POST', json: { threadId: thread.id, reason: 'spam' } });

    expect((await api(other)(`/api/forum-threads/${thread.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await api(author)(`/api/forum-threads/${thread.id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await threadOf(thread.id)).toBeUndefined();
    const db = t.deps.database.db;
    expect(await db.select().from(forumReplies).where(eq(forumReplies.threadId, thread.id))).toHaveLength(0);
    expect(await db.select().from(threadLikes).where(eq(threadLikes.threadId, thread.id))).toHaveLength(0);
    expect(await db.select().from(threadFollows).where(eq(threadFollows.threadId, thread.id))).toHaveLength(0);
    expect(await db.select().from(reportedPosts).where(eq(reportedPosts.threadId, thread.id))).toHaveLength(0);
    expect((await forumOf(title.id)).threadCount).toBe(0);
    expect((await api(author)(`/api/forum-threads/${thread.id}`)).status).toBe(404);

    const second = await startThread(author, title.id);
    expect((await api(admin)(`/api/forum-threads/${second.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await forumOf(title.id)).threadCount).toBe(0);
  });
});

describe('replies', () => {
  it('lists oldest first in keyset pages, nests one level, validates, and keeps the reply count', async () => {
    const author = await newUser();
    const free = await newUser({ free: true });
    const { title } = await titleForum(author, 'movie', 680);
    const thread = await startThread(author, title.id);
    const post = (content: string, parentReplyId?: string) => api(free)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content, parentReplyId } });

    const first = await json(await post('  first  '));
    expect(first).toMatchObject({ status: 201, body: { content: 'first', parentReplyId: null, isMine: true } });
    const child = await json(await post('child', first.body.id));
    const grandchild = await json(await post('grandchild', child.body.id));
    // A reply to a reply of a reply hangs under the top reply: one level deep.
    expect(grandchild.body.parentReplyId).toBe(first.body.id);
    for (const bad of ['', '   ', 'x'.repeat(1001)]) expect((await post(bad)).status).toBe(400);
    expect((await post('orphan', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await post('x'.repeat(1000))).status).toBe(201);

    const page1 = await json(await api(author)(`/api/forum-threads/${thread.id}/replies?limit=2`));
    const page2 = await json(await api(author)(`/api/forum-threads/${thread.id}/replies?limit=2&after=${page1.body.nextCursor}`));
    expect([...page1.body.items, ...page2.body.items].map((r: { content: string }) => r.content.slice(0, 10))).toEqual(['first', 'child', 'grandchild', 'x'.repeat(10)]);
    expect(page2.body.nextCursor).toBeNull();
    expect((await threadOf(thread.id))!.replyCount).toBe(4);

    // Only the author edits a reply; deleting the top reply takes its children and the count follows.
    expect((await api(author)(`/api/forum-replies/${first.body.id}`, { method: 'PATCH', json: { content: 'nope' } })).status).toBe(403);
    expect((await api(free)(`/api/forum-replies/${first.body.id}`, { method: 'PATCH', json: { content: 'edited' } })).status).toBe(200);
    expect((await api(author)(`/api/forum-replies/${first.body.id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await api(free)(`/api/forum-replies/${first.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await threadOf(thread.id))!.replyCount).toBe(1);
    expect(events).toContainEqual({ type: 'forum-thread-changed', forumId: title.id, threadId: thread.id });
  });

  it('limits posting to POSTS_PER_MINUTE a minute per user, with a clear 429; banned users cannot post', async () => {
    const author = await newUser();
    const chatty = await newUser({ free: true });
    const { title } = await titleForum(author, 'movie', 155);
    const thread = await startThread(author, title.id);
    for (let i = 0; i < POSTS_PER_MINUTE; i++)
      expect((await api(chatty)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: `reply ${i}` } })).status).toBe(201);
    const limited = await json(await api(chatty)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'one too many' } }));
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(FORUM_TEXT.rateLimited);

    const banned = await newUser();
    await t.deps.database.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    expect((await api(banned)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'hi' } })).status).toBe(401);
  });
});

describe('likes and follows', () => {
  it('twenty users liking at once give exactly twenty; a double click gives one; unlike and unfollow are idempotent', async () => {
    const author = await newUser();
    const { title } = await titleForum(author, 'movie', 278);
    const thread = await startThread(author, title.id);
    const likers = await Promise.all(Array.from({ length: 20 }, () => newUser({ free: true })));
    const results = await Promise.all(likers.map((u) => api(u)(`/api/forum-threads/${thread.id}/like`, { method: 'PUT' })));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await threadOf(thread.id))!.likeCount).toBe(20);

    const [one] = likers;
    const double = await Promise.all([1, 2].map(() => api(one!)(`/api/forum-threads/${thread.id}/like`, { method: 'PUT' })));
    expect(double.map((r) => r.status)).toEqual([200, 200]);
    expect((await threadOf(thread.id))!.likeCount).toBe(20);
    await Promise.all([1, 2].map(() => api(one!)(`/api/forum-threads/${thread.id}/like`, { method: 'DELETE' })));
    expect((await threadOf(thread.id))!.likeCount).toBe(19);
    const view = await json(await api(one!)(`/api/forum-threads/${thread.id}`));
    expect(view.body).toMatchObject({ likedByMe: false, likeCount: 19, followedByMe: false });

    const follows2 = await Promise.all([1, 2, 3].map(() => api(one!)(`/api/forum-threads/${thread.id}/follow`, { method: 'PUT' })));
    expect(await follows2[2]!.json()).toEqual({ following: true, followCount: 1 });
    expect((await json(await api(one!)(`/api/forum-threads/${thread.id}/follow`, { method: 'DELETE' }))).body).toEqual({ following: false, followCount: 0 });
    expect((await json(await api(one!)(`/api/forum-threads/${thread.id}/follow`, { method: 'DELETE' }))).body).toEqual({ following: false, followCount: 0 });
    const guest = await json(await api(null)(`/api/forum-threads/${thread.id}/follow`, { method: 'PUT' }));
    expect(guest).toMatchObject({ status: 401, body: { error: { message: FORUM_TEXT.signInRequired } } });

    const reply = await json(await api(one!)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'hi' } }));
    await Promise.all(likers.slice(0, 5).map((u) => api(u)(`/api/forum-replies/${reply.body.id}/like`, { method: 'PUT' })));
    await api(likers[1]!)(`/api/forum-replies/${reply.body.id}/like`, { method: 'PUT' });
    const [r] = await t.deps.database.db.select().from(forumReplies).where(eq(forumReplies.id, reply.body.id));
    expect(r!.likeCount).toBe(5);
  });
});

describe('reports', () => {
  it('stores a report open for the admin queue; the detail box is only for other, at most 500 characters', async () => {
    const author = await newUser();
    const reporter = await newUser({ free: true });
    const { title } = await titleForum(author, 'movie', 238);
    const thread = await startThread(author, title.id);
    const report = (body: unknown) => api(reporter)('/api/forum-reports', { method: 'POST', json: body });

    expect((await report({ threadId: thread.id, reason: 'other', message: 'Spoilers in the title, unmarked.' })).status).toBe(201);
    const [stored] = await t.deps.database.db.select().from(reportedPosts).where(eq(reportedPosts.threadId, thread.id));
    expect(stored).toMatchObject({ reporterId: reporter.id, reason: 'other', message: 'Spoilers in the title, unmarked.', status: 'open', replyId: null });

    expect((await report({ threadId: thread.id, reason: 'spam', message: 'why' })).status).toBe(400);
    expect((await report({ threadId: thread.id, reason: 'other', message: 'x'.repeat(501) })).status).toBe(400);
    expect((await report({ threadId: thread.id, reason: 'rude' })).status).toBe(400);
    expect((await report({ reason: 'spam' })).status).toBe(400);
    expect((await report({ threadId: '00000000-0000-4000-8000-000000000000', reason: 'spam' })).status).toBe(404);
    const reply = await json(await api(author)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'hm' } }));
    expect((await report({ replyId: reply.body.id, reason: 'hate_speech' })).status).toBe(201);
  });
});

describe('notifications (ruling 25)', () => {
  const noticesOf = (userId: string) => t.deps.database.db.select().from(notifications).where(eq(notifications.userId, userId));

  it('tells the author of a reply and a mention, likes to the liked author, followers of a thread, never oneself; one mail per thread while unread', async () => {
    const author = await newUser();
    const fan = await newUser({ free: true });
    const follower = await newUser({ free: true });
    const { title } = await titleForum(author, 'movie', 550);
    const thread = await startThread(author, title.id, 'Tyler');
    await api(follower)(`/api/forum-threads/${thread.id}/follow`, { method: 'PUT' });

    await api(fan)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: `Great point @${author.username}!` } });
    await api(fan)(`/api/forum-threads/${thread.id}/like`, { method: 'PUT' });
    await api(author)(`/api/forum-threads/${thread.id}/replies`, { method: 'POST', json: { content: 'Thanks, I reply to myself too' } });

    await vi.waitFor(async () => {
      const types = (await noticesOf(author.id)).map((n) => n.type).sort();
      expect(types).toEqual(['forum_like', 'forum_mention', 'forum_reply']);
    });
    await vi.waitFor(async () => expect((await noticesOf(follower.id)).map((n) => n.type).sort()).toEqual(['forum_reply', 'forum_reply']));
    // The fan neither wrote the thread nor follows it: the author's own reply tells them nothing.
    expect(await noticesOf(fan.id)).toHaveLength(0);
    const [mention] = (await noticesOf(author.id)).filter((n) => n.type === 'forum_mention');
    expect(mention).toMatchObject({ relatedUserId: fan.id, data: { threadId: thread.id } });

    // Mails: the follower had two reply notices of one thread, unread: one mail.
    while ((await t.deps.mail.processDue()) > 0);
    const toFollower = t.transport.sent.filter((m) => m.to === follower.email && m.subject.includes('New reply'));
    expect(toFollower).toHaveLength(1);
  });

  it("forum_thread goes to the author's followers, not while the author is private; 'none' records nothing", async () => {
    const author = await newUser();
    const fan = await newUser({ free: true });
    const quiet = await newUser({ free: true });
    const db = t.deps.database.db;
    await db.insert(follows).values([
      { followerId: fan.id, followingId: author.id },
      { followerId: quiet.id, followingId: author.id },
    ]);
    await db.update(profiles).set({ notifyOnForum: 'none' }).where(eq(profiles.id, quiet.id));
    const { title } = await titleForum(author, 'movie', 603);
    await startThread(author, title.id, 'New thread');
    await vi.waitFor(async () => expect((await noticesOf(fan.id)).map((n) => n.type)).toEqual(['forum_thread']));
    expect(await noticesOf(quiet.id)).toHaveLength(0);

    await db.update(profiles).set({ isPrivate: true }).where(eq(profiles.id, author.id));
    const secret = await startThread(author, title.id, 'Private thought');
    // A reply to the secret thread makes a notice for its author; by then the thread fan-out has run.
    await api(fan)(`/api/forum-threads/${secret.id}/replies`, { method: 'POST', json: { content: 'hi' } });
    await vi.waitFor(async () => expect((await noticesOf(author.id)).filter((n) => n.type === 'forum_reply')).toHaveLength(1));
    expect((await noticesOf(fan.id)).filter((n) => n.type === 'forum_thread')).toHaveLength(1);
  });
});

describe('the profile Forums tab (ruling 9)', () => {
  it('shows one what one wrote and follows; others see it as private; admins see it', async () => {
    const me = await newUser();
    const other = await newUser();
    const admin = await newUser({ admin: true });
    const { title } = await titleForum(me, 'movie', 122);
    const mine = await startThread(me, title.id, 'Mine');
    const theirs = await startThread(other, title.id, 'Theirs');
    await api(me)(`/api/forum-threads/${theirs.id}/replies`, { method: 'POST', json: { content: 'my reply' } });
    await api(me)(`/api/forum-threads/${theirs.id}/follow`, { method: 'PUT' });

    const own = await json(await api(me)(`/api/profiles/${me.id}/forums`));
    expect(own.body.visible).toBe(true);
    expect(own.body.threads.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect(own.body.replies).toMatchObject([{ threadId: theirs.id, content: 'my reply', forumName: 'The Lord of the Rings: The Return of the King' }]);
    expect(own.body.following.map((x: { id: string }) => x.id)).toEqual([theirs.id]);

    expect((await json(await api(other)(`/api/profiles/${me.id}/forums`))).body).toEqual({ visible: false, threads: [], replies: [], following: [] });
    expect((await json(await api(admin)(`/api/profiles/${me.id}/forums`))).body.threads).toHaveLength(1);
    expect((await api(me)('/api/profiles/nobody-here/forums')).status).toBe(404);
    expect((await api(null)(`/api/profiles/${me.id}/forums`)).status).toBe(401);
    const rows = await t.deps.database.db
      .select()
      .from(threadFollows)
      .where(and(eq(threadFollows.userId, me.id), eq(threadFollows.threadId, theirs.id)));
    expect(rows).toHaveLength(1);
  });
});
