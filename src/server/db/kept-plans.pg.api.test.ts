import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { type DatabaseHandle, openDatabase, queryRows } from './client';
import { keptPlan, keptPlanName } from './kept-plans';

// Decision 088: a marked statement is prepared once on each connection and then only bound and run;
// an unmarked one is planned every time. Measured where it happens: pg_prepared_statements of the
// one connection of a pool of one.

let t: TestApp;
let single: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  single = await openDatabase({ kind: 'postgres', url: String(t.deps.database.pool!.options.connectionString), poolSize: 1 });
}, 60_000);

afterAll(async () => {
  await single?.close();
  await t?.close();
});

/** The statements prepared on the pool's one connection, by name, with how often each was run generically. */
async function prepared() {
  const rows = await queryRows<{ name: string; statement: string; generic_plans: number }>(
    single.db,
    sql`SELECT name, statement, generic_plans::int FROM pg_prepared_statements WHERE name LIKE 'kept_%'`,
  );
  return rows;
}

describe('kept plans', () => {
  it('a marked statement is named by its text, planned once and then only run', async () => {
    const statement = (n: number) => keptPlan(sql`SELECT ${n}::int + 1 AS next`);
    for (const n of [1, 2, 3]) expect(await queryRows<{ next: number }>(single.db, statement(n))).toEqual([{ next: n + 1 }]);
    const kept = await prepared();
    const text = '/* kept plan */ SELECT $1::int + 1 AS next';
    expect(kept).toEqual([{ name: keptPlanName(text), statement: text, generic_plans: 3 }]);
  });

  it('an unmarked statement, a different text and a transaction each behave as sent', async () => {
    await queryRows(single.db, sql`SELECT ${1}::int AS unmarked`);
    expect((await prepared()).some((p) => p.statement.includes('unmarked'))).toBe(false);
    await single.db.transaction(async (tx) => {
      await queryRows(tx, keptPlan(sql`SELECT ${'a'}::text AS inside`));
    });
    await queryRows(single.db, keptPlan(sql`SELECT ${'b'}::text AS inside`));
    const inside = (await prepared()).filter((p) => p.statement.includes('inside'));
    expect(inside).toHaveLength(1);
    expect(inside[0]!.generic_plans).toBe(2);
  });

  it('a connection keeps at most 200 texts and sends the rest unnamed, still answering them', async () => {
    for (let i = 0; i < 205; i++) {
      const [row] = await queryRows<{ n: number }>(single.db, keptPlan(sql`SELECT ${i}::int AS ${sql.raw(`n, ${i} AS variant`)}`));
      expect(row!.n).toBe(i);
    }
    expect((await prepared()).length).toBe(200);
  });

  it('the writes of the mixed load send their statements kept', async () => {
    const [me, other] = [await signUpVerified(t), await signUpVerified(t)];
    const texts: string[] = [];
    const pool = t.deps.database.pool!;
    // Every statement the follow makes on its pooled connections reaches node-postgres's own query
    // through the kept-plan client's: recorded there, after it named them.
    const client = await pool.connect();
    const proto = Object.getPrototypeOf(Object.getPrototypeOf(client)) as { query: (...args: unknown[]) => unknown };
    client.release();
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const config = args[0] as string | { text?: string; name?: string };
      texts.push(typeof config === 'string' ? config : `${config.name ? `[${config.name.slice(0, 5)}] ` : ''}${config.text}`);
      return original.apply(this, args);
    };
    try {
      expect((await t.as(me)(`/api/follows/${other.id}`, { method: 'POST' })).status).toBe(200);
    } finally {
      proto.query = original;
    }
    // The check, the follow with its counters and the notification: each sent named.
    const follow = texts.filter((x) => /INSERT INTO "follows"|FROM "user" JOIN "profiles"|notify_on_follow/.test(x));
    expect(follow.length, texts.join('\n')).toBeGreaterThanOrEqual(3);
    for (const x of follow) expect(x.startsWith('[kept_] /* kept plan */'), x).toBe(true);
  });
});
