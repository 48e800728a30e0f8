import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Results {
  results: { id: string; username: string }[];
  hasMore: boolean;
}

/**
 * Issue 27 (ADR 070): the searches that arrive together are one prepared statement, each searcher
 * answered with their own query, page and blocks (ruling 28).
 */
describe('profile search batched across requests', () => {
  it('answers four searchers and a visitor with one statement, each their own results', async () => {
    const word = `sb${Date.now().toString(36)}`;
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await signUpVerified(t, { username: `${word}_${String(i).padStart(2, '0')}`, fullName: i === 11 ? 'Odd One' : '' }));
    const [alice, bob, carol] = people;
    // bob blocked alice: neither finds the other.
    expect((await t.as(bob!)(`/api/blocks/${alice!.id}`, { method: 'PUT' })).status).toBeLessThan(300);
    for (const v of [alice, bob, carol]) expect((await t.as(v!)('/api/session')).status).toBe(200);
    const idle = () => statementsDuring(t.deps.database, () => new Promise((resolve) => setTimeout(resolve, 100)));
    for (let i = 0; i < 50 && (await idle()).statements.length > 0; i++);

    const asks = [
      () => t.as(alice!)(`/api/profiles/search?q=${word}`),
      () => t.as(bob!)(`/api/profiles/search?q=${word}`),
      () => t.as(carol!)(`/api/profiles/search?q=${word}&page=2`),
      () => t.as(carol!)(`/api/profiles/search?q=${encodeURIComponent('odd one')}`),
      () => t.request(`/api/profiles/search?q=${word}`),
    ];
    const { result, statements } = await statementsDuring(t.deps.database, () =>
      Promise.all(
        asks.map(async (ask) => {
          const res = await ask();
          expect(res.status).toBe(200);
          return (await res.json()) as Results;
        }),
      ),
    );
    expect(statements).toHaveLength(1);
    const names = (r: Results) => [r.results.map((p) => p.username.slice(word.length + 1)), r.hasMore];
    const all = people.map((_, i) => String(i).padStart(2, '0'));
    expect(result.map(names)).toEqual([
      [all.filter((n) => n !== '01').slice(0, 10), true],
      [all.filter((n) => n !== '00').slice(0, 10), true],
      [all.slice(10), false],
      [['11'], false],
      [all.slice(0, 10), true],
    ]);
  });
});
