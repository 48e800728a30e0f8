import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { statementsDuring } from '../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUpVerified>>;

/**
 * Issue 27, item 2: the reads a signed-in member's every page makes cost one SQL statement each once
 * the session is cached (decision 016). A member with something in every list, so that no read is
 * answered early for want of rows.
 */
describe('one query per read', () => {
  let me: Person, other: Person;
  beforeAll(async () => {
    [me, other] = [await signUpVerified(t), await signUpVerified(t)];
    const as = t.as(me);
    expect((await as('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 238, rating: 5 } })).status).toBeLessThan(300);
    expect((await as('/api/me/watchlist', { method: 'POST', json: { mediaType: 'movie', mediaId: 240 } })).status).toBeLessThan(300);
    expect((await t.as(other)(`/api/follows/${me.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await t.as(other)(`/api/messages/with/${me.id}`, { method: 'POST', json: { content: 'Hello' } })).status).toBeLessThan(300);
    expect((await as(`/api/messages/with/${other.id}`, { method: 'POST', json: { content: 'Hi back' } })).status).toBeLessThan(300);
  });

  const reads = () => [
    '/api/session',
    '/api/me/lists',
    '/api/notifications?limit=20',
    '/api/notifications/unread-count',
    '/api/messages/conversations',
    '/api/messages/unread-count',
    `/api/profiles/${other.id}`,
  ];

  it('answers each read with at most one statement once the session is cached', async () => {
    const counts: Record<string, number> = {};
    for (const path of reads()) {
      // Warm: the first request of the session reads it (one statement), then it is cached.
      expect((await t.as(me)(path)).status).toBe(200);
      const { result, statements } = await statementsDuring(t.deps.database, () => t.as(me)(path));
      expect(result.status).toBe(200);
      counts[path] = statements.length;
    }
    // /api/session answers from the cached session itself; every other read is one statement. Before
    // decision 016, /api/me/lists made 3 and the unread counts each counted rows.
    expect(counts).toEqual(Object.fromEntries(reads().map((path) => [path, path === '/api/session' ? 0 : 1])));
  });

  it('adds only the session lookup when the session is not cached yet', async () => {
    for (const path of reads()) {
      // The first request of a session (or one after an access signal) reads it: one prepared
      // statement (decision 013), then the route's own. The profile view reads its viewer's session in
      // its own statement (decision 010), so it stays at one.
      t.deps.sessions.clear();
      const { result, statements } = await statementsDuring(t.deps.database, () => t.as(me)(path));
      expect(result.status).toBe(200);
      expect(statements, path).toHaveLength(path === '/api/session' || path.startsWith('/api/profiles/') ? 1 : 2);
    }
  });

  it('answers the same read of many members at once with one statement, each with their own rows (decision 022)', async () => {
    // Five members, each with a favorite, a notification and an unread count of their own.
    const members = await Promise.all([0, 1, 2, 3, 4].map(() => signUpVerified(t)));
    for (const [i, m] of members.entries()) {
      expect((await t.as(m)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: [238, 240, 278, 550, 680][i], rating: 4 } })).status).toBeLessThan(300);
      // `other` follows the even ones only: they have a notification and an unread count, the odd ones none.
      if (i % 2 === 0) expect((await t.as(other)(`/api/follows/${m.id}`, { method: 'POST' })).status).toBeLessThan(300);
    }
    // The first two write to `other` (which tells `other`, not them): they have a conversation, the others none.
    for (const m of members.slice(0, 2)) expect((await t.as(m)(`/api/messages/with/${other.id}`, { method: 'POST', json: { content: 'Hello there' } })).status).toBeLessThan(300);
    // The follow notices are written after the follow's answer: wait for them (this also caches the sessions).
    for (const [i, m] of members.entries())
      await expect.poll(async () => ((await (await t.as(m)('/api/notifications/unread-count')).json()) as { count: number }).count).toBe(i % 2 === 0 ? 1 : 0);
    for (const [path, answer] of [
      ['/api/me/lists', (body: { favorites: { mediaId: number }[] }) => body.favorites.map((f) => f.mediaId)],
      ['/api/notifications?limit=20', (body: { items: { type: string; relatedUser: { id: string } | null }[] }) => body.items.map((n) => [n.type, n.relatedUser?.id])],
      ['/api/notifications/unread-count', (body: { count: number }) => body.count],
      ['/api/messages/conversations', (body: { conversations: { user: { id: string } }[] }) => body.conversations.map((c) => c.user.id)],
    ] as const) {
      const { result, statements } = await statementsDuring(t.deps.database, () =>
        Promise.all(members.map(async (m) => (answer as (b: unknown) => unknown)(await (await t.as(m)(path)).json()))),
      );
      expect(statements, path).toHaveLength(1);
      const expected = members.map((_, i) => {
        if (path === '/api/me/lists') return [[238, 240, 278, 550, 680][i]];
        if (path === '/api/notifications/unread-count') return i % 2 === 0 ? 1 : 0;
        if (path === '/api/messages/conversations') return i < 2 ? [other.id] : [];
        return i % 2 === 0 ? [['new_follower', other.id]] : [];
      });
      expect(result, path).toEqual(expected);
    }
  });
});
