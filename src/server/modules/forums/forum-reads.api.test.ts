import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpVerified>>;
interface Post {
  id: string;
  likedByMe: boolean;
  author: { hidden: boolean };
}

/**
 * Issue 15's speed and issue 27 (ADR 066): the forum reads are one prepared statement each, and the
 * requests that arrive together share it (decision 022), each answered as its own viewer sees it.
 * Without the batching five readers cost five statements (or more).
 */
describe('forum reads batched across requests', () => {
  let author: User, readers: User[], forumId: string, threadId: string;
  beforeAll(async () => {
    author = await signUpVerified(t);
    readers = await Promise.all([0, 1, 2, 3, 4].map(() => signUpVerified(t)));
    const forums = (await (await t.as(author)('/api/titles/movie/550/forums')).json()) as { title: { id: string } };
    forumId = forums.title.id;
    for (const title of ['First', 'Second', 'Third']) {
      const res = await t.as(author)(`/api/forums/${forumId}/threads`, { method: 'POST', json: { title, content: 'Discuss' } });
      expect(res.status).toBe(201);
      threadId = ((await res.json()) as { id: string }).id;
    }
    for (const content of ['One', 'Two']) expect((await t.as(author)(`/api/forum-threads/${threadId}/replies`, { method: 'POST', json: { content } })).status).toBe(201);
    // Reader 0 likes the thread, reader 1 is blocked by the author: their answers differ from the others'.
    expect((await t.as(readers[0]!)(`/api/forum-threads/${threadId}/like`, { method: 'PUT' })).status).toBe(200);
    expect((await t.as(author)(`/api/blocks/${readers[1]!.id}`, { method: 'PUT' })).status).toBeLessThan(300);
    // Cache the sessions: a request's first read of its session is a statement of its own.
    for (const r of readers) expect((await t.as(r)('/api/session')).status).toBe(200);
    // The posts' notices and counts are sent after their answers: wait until the database is quiet.
    const idle = () => statementsDuring(t.deps.database, () => new Promise((resolve) => setTimeout(resolve, 100)));
    for (let i = 0; i < 50 && (await idle()).statements.length > 0; i++);
  });

  /** Each reader's GET of `path` at once: the statements they cost together and each answer. */
  const allAtOnce = <T>(path: string) =>
    statementsDuring(t.deps.database, () =>
      Promise.all(
        readers.map(async (r) => {
          const res = await t.as(r)(path);
          expect(res.status, path).toBe(200);
          return (await res.json()) as T;
        }),
      ),
    );

  it("answers five readers of a forum's first page with one statement, each with their own like and blocks", async () => {
    const { result, statements } = await allAtOnce<{ items: Post[] }>(`/api/forums/${forumId}/threads`);
    expect(statements).toHaveLength(1);
    expect(result.map((page) => page.items.length)).toEqual([3, 3, 3, 3, 3]);
    const newest = result.map((page) => page.items[0]!);
    expect(newest.map((p) => p.likedByMe)).toEqual([true, false, false, false, false]);
    expect(newest.map((p) => p.author.hidden)).toEqual([false, true, false, false, false]);
  });

  it('answers five readers of a thread, and of its replies, with one statement each', async () => {
    const thread = await allAtOnce<Post>(`/api/forum-threads/${threadId}`);
    expect(thread.statements).toHaveLength(1);
    expect(thread.result.map((p) => p.likedByMe)).toEqual([true, false, false, false, false]);
    const replies = await allAtOnce<{ items: Post[] }>(`/api/forum-threads/${threadId}/replies`);
    expect(replies.statements).toHaveLength(1);
    expect(replies.result.map((page) => page.items.map((p) => p.author.hidden))).toEqual([
      [false, false],
      [true, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
  });

  it('pages on with a cursor in the same statement as the first pages, and an unknown forum is a 404', async () => {
    const path = `/api/forums/${forumId}/threads?limit=2`;
    const [first] = (await allAtOnce<{ items: Post[]; nextCursor: string }>(path)).result;
    const { result, statements } = await statementsDuring(t.deps.database, () =>
      Promise.all([t.as(readers[2]!)(path), t.as(readers[3]!)(`${path}&after=${first!.nextCursor}`), t.as(readers[4]!)(`/api/forums/${crypto.randomUUID()}/threads`)]),
    );
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.status)).toEqual([200, 200, 404]);
    const [page1, page2] = (await Promise.all(result.slice(0, 2).map((r) => r.json()))) as { items: Post[]; nextCursor: string | null }[];
    expect(page1!.items).toHaveLength(2);
    expect(page2!.items.map((p) => p.id)).not.toContain(page1!.items[0]!.id);
    expect(page2).toMatchObject({ items: [{}], nextCursor: null });
  });

  it('reads existing title and genre forums in one statement and writes nothing', async () => {
    const { result, statements } = await allAtOnce<{ title: { id: string }; genres: unknown[] }>('/api/titles/movie/550/forums');
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select/i);
    expect(result.every((r) => r.title.id === forumId && r.genres.length > 0)).toBe(true);
  });

  it("answers the profile's forum tab of five viewers with one statement, private to others (ruling 9)", async () => {
    const { result, statements } = await allAtOnce<{ visible: boolean }>(`/api/profiles/${readers[0]!.id}/forums`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.visible)).toEqual([true, false, false, false, false]);
  });
});
