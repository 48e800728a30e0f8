import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../shared/dashboard';
import type { MatchesPage } from '../../../shared/matches';
import { profiles } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';

type User = Awaited<ReturnType<typeof signUpVerified>>;
let t: TestApp;
let p1: User, p2: User, p3: User, free: User, m1: User, m2: User, m3: User, m4: User;

async function favorite(u: User, ...ids: number[]) {
  for (const mediaId of ids) expect((await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } })).status).toBe(201);
}

async function get<T>(u: User, path: string): Promise<T> {
  const res = await t.as(u)(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/**
 * A counted write that changes nothing (its statement trigger still raises match_epoch), so that
 * the pages kept from the answers asked alone (ADR 087) are read again: these tests count the reads.
 */
const forgetKeptPages = () => t.deps.database.db.execute(sql`UPDATE match_heavy_titles SET slot = slot WHERE false`);

/** Each viewer's GET of `path` at once, nothing kept: the statements they cost together and each answer. */
const allAtOnce = async <T>(viewers: User[], path: string) => {
  await forgetKeptPages();
  return statementsDuring(t.deps.database, () => Promise.all(viewers.map((v) => get<T>(v, path))));
};

const idsOf = (page: MatchesPage) => page.matches.map((m) => m.user.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  const users = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map(() => signUpVerified(t)));
  [p1, p2, p3, free, m1, m2, m3, m4] = users as [User, User, User, User, User, User, User, User];
  // The first 1,000 accounts are founding members, so premium (ruling 4); `free` is made free.
  await t.deps.database.db.update(profiles).set({ foundingMember: false }).where(eq(profiles.id, free.id));
  await favorite(p1, 238, 240, 278);
  await favorite(p2, 550, 769);
  await favorite(p3, 680, 103);
  await favorite(free, 238, 550, 680);
  await favorite(m1, 238, 240);
  await favorite(m2, 550, 769, 103);
  await favorite(m3, 680);
  await favorite(m4, 278, 103);
  await t.deps.database.db
    .update(profiles)
    .set({ favoriteGenres: ['Drama'] })
    .where(eq(profiles.id, p2.id));
  await t.deps.database.db
    .update(profiles)
    .set({ favoriteGenres: ['Drama', 'Crime'] })
    .where(eq(profiles.id, m3.id));
  // p1 follows m1: the dashboard suggests only people not followed yet (ruling 23).
  expect((await t.as(p1)(`/api/follows/${m1.id}`, { method: 'POST' })).status).toBeLessThan(300);
  // Caches the sessions, and the free member's first visit of the day chooses their three.
  for (const v of [p1, p2, p3, free]) await get(v, '/api/me/matches');
  // The favorites' notices are sent after their answers: wait until the database is quiet.
  const idle = () => statementsDuring(t.deps.database, () => new Promise((resolve) => setTimeout(resolve, 100)));
  for (let i = 0; i < 50 && (await idle()).statements.length > 0; i++);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/**
 * Issue 27 (ADR 070): the matches page and the dashboard read with statements shared by the
 * requests of one event-loop turn, each viewer answered as when they ask alone.
 */
describe('matches and dashboard reads batched across requests', () => {
  it('answers four members (three premium, one free) with one statement for who they are and one for each kind of page, rankings and cards at once', async () => {
    const viewers = [p1, p2, p3, free];
    const alone: MatchesPage[] = [];
    for (const v of viewers) alone.push(await get<MatchesPage>(v, '/api/me/matches'));
    expect(alone.slice(0, 3).map(idsOf)).toEqual([[m1.id, m4.id, free.id].sort(), [m2.id, free.id].sort(), [m2.id, m3.id, m4.id, free.id].sort()]);
    expect(alone[3]!.limited).toBe(true);
    expect(alone[3]!.matches).toHaveLength(3);
    const { result, statements } = await allAtOnce<MatchesPage>(viewers, '/api/me/matches');
    // Who they are; the premium members' rankings (on the server's copy of match_sigs, decision 091),
    // then their cards; the free member's three with theirs. Before decision 091 the rankings and their
    // cards were one statement (3 in all); before ADR 070's update, 6; before ADR 070, 21.
    expect(statements).toHaveLength(1 + 2 + 1);
    expect(result).toEqual(alone);
  });

  it("answers one member's five concurrent requests with three statements, the same page to each", async () => {
    const alone = await get<MatchesPage>(p3, '/api/me/matches');
    const { result, statements } = await allAtOnce<MatchesPage>([p3, p3, p3, p3, p3], '/api/me/matches');
    // Who they are, the ranking, the cards.
    expect(statements).toHaveLength(3);
    expect(result).toEqual([alone, alone, alone, alone, alone]);
  });

  it('answers other pages and genre filters in the same statement, each as when asked alone', async () => {
    const asks: [User, string][] = [
      [p1, '/api/me/matches'],
      [p1, '/api/me/matches?page=2'],
      [p2, '/api/me/matches?genres=Drama'],
      [p3, '/api/me/matches?genres=Crime,Drama'],
      [free, '/api/me/matches'],
    ];
    const alone: MatchesPage[] = [];
    for (const [v, path] of asks) alone.push(await get<MatchesPage>(v, path));
    expect(alone[1]!.matches).toEqual([]);
    expect(alone[3]!.matches.map((m) => m.user.id)).toEqual([m3.id]);
    await forgetKeptPages();
    const { result, statements } = await statementsDuring(t.deps.database, () => Promise.all(asks.map(([v, path]) => get<MatchesPage>(v, path))));
    expect(statements).toHaveLength(4);
    expect(result).toEqual(alone);
  });

  it('answers four dashboards with their own profiles, matches and genre fill-ups, one statement for each read', async () => {
    const viewers = [p1, p2, p3, free];
    const alone: Dashboard[] = [];
    for (const v of viewers) alone.push(await get<Dashboard>(v, '/api/me/dashboard'));
    // p1 follows m1, so m1 is no suggestion; m3 shares p2's genre after p2's matches.
    expect(alone[0]!.suggestions.map((s) => s.user.id)).not.toContain(m1.id);
    expect(alone[1]!.suggestions.map((s) => [s.user.id, s.reason])).toContainEqual([m3.id, 'genres']);
    expect(alone.map((d) => d.counts.favorites)).toEqual([3, 2, 2, 3]);
    const { result, statements } = await allAtOnce<Dashboard>(viewers, '/api/me/dashboard');
    // Profiles, access, the premium pages (ranking, cards) and the free page, the genre fill-up (every viewer has fewer than five).
    expect(statements).toHaveLength(1 + 1 + 3 + 1);
    expect(result).toEqual(alone);
  });
});
