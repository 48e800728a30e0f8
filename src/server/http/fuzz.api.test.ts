import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/client';
import { signUpVerified } from '../test/accounts';
import { examplesFor, type FuzzInput, inputsFor, rowCounter, schemaRefuses, urlFor } from '../test/fuzz';
import { createTestApp, type TestApp } from '../test/harness';
import { declaredRoutes } from '../test/route-tables';

// The fuzzing gate (issue 19, item 2; docs/decisions, "fuzzing gate"). Every route of the route
// tables is called with inputs fast-check makes from the route's own schemas: wrong types, missing
// and extra fields, huge and empty strings, NUL and control characters, lone surrogates and other
// odd unicode, numbers at and past their limits, arrays for objects, %2F and %00 in path params,
// malformed JSON and the wrong content type. Whatever comes in: never a 5xx; every 4xx is the one
// error shape with no stack trace and no file path in it; an input the route's schemas refuse is
// answered 4xx and leaves every table's row count as it was. A signed-in verified user calls the
// routes, an admin the admin and premium ones (so that validation is reached, not a 403).
// Bounded: RUNS inputs per route, a fixed seed (FUZZ_SEED overrides it); a failure prints the seed
// and the counterexample, to replay with FUZZ_SEED and fast-check's path.

const SEED = Number(process.env.FUZZ_SEED ?? 190_219);
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/** Routes without params, query or body get a few unexpected ones (an extra query, a stray body). */
const RUNS_WITHOUT_INPUT = 3;
const ADMIN = 'fuzz-admin@example.com';

// GET /events is left out: an event stream that stays open, not a request with an answer (its
// query is checked in realtime's own tests).
const routes = (await declaredRoutes()).filter(({ contract }) => contract.path !== '/events');

const errorShape = z
  .object({ error: z.object({ code: z.string().min(1), message: z.string().min(1), details: z.record(z.string(), z.array(z.string())).optional() }).strict() })
  .strict();
/** A stack frame, a file path of the server or a source position. */
const TRACE = /\n\s+at |\bat \S+ \(|[/\\](?:src|node_modules|work|home|app|dist)[/\\]|\.(?:ts|js|mjs|cjs):\d+/;

let t: TestApp;
let me: Awaited<ReturnType<typeof signUpVerified>>;
let admin: Awaited<ReturnType<typeof signUpVerified>>;
let other: Awaited<ReturnType<typeof signUpVerified>>;
let counts: () => Promise<string>;

beforeAll(async () => {
  // The dev mailbox answers only this machine, which the harness's requests are not: let it answer, so its input is checked too.
  t = await createTestApp({ ADMIN_EMAILS: ADMIN, DEV_MAILBOX_REMOTE: 'true' });
  me = await signUpVerified(t, { fullName: 'Fuzz Tester' });
  admin = await signUpVerified(t, { email: ADMIN });
  other = await signUpVerified(t, { fullName: 'Fuzz Target' });
  const count = await rowCounter(t.deps.database.db);
  // An accepted input's events are written to the event log just after its answer: wait for them,
  // so that they are not counted against the next input.
  counts = async () => {
    await t.deps.events.flushed();
    return count();
  };
});
/** What the inputs met, printed at the end: requests, how many the schemas refuse, answers by status. */
const tally = { requests: 0, refused: 0, byStatus: new Map<number, number>() };
afterAll(async () => {
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(`fuzzing gate (seed ${SEED}): ${routes.length} routes, ${tally.requests} requests, ${tally.refused} refused by their schemas; answers ${statuses.join(' ')}`);
  await t.close();
});

/**
 * The counts once an accepted input's fire-and-forget work (unread counts pushed after a message
 * is sent or deleted, say) is done: counted until two counts 10 ms apart agree.
 */
async function settled(): Promise<string> {
  let last = await counts();
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 10));
    const now = await counts();
    if (now === last) return now;
    last = now;
  }
  return last;
}

/** The limits count every hit before the input is read: reset, so that each input reaches validation rather than a 429. */
const resetLimits = () => queryRows(t.deps.database.db, sql`delete from rate_counters`);

function requestInit(method: string, input: FuzzInput): RequestInit {
  if (!input.body) return { method };
  if ('json' in input.body) return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(input.body.json) ?? 'null' };
  return { method, headers: { 'content-type': input.body.type }, body: input.body.raw };
}

describe('the fuzzing gate: every route of the tables, bad inputs', () => {
  it('walks every route but the event stream', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  for (const { file, name, contract } of routes) {
    const hasInput = Boolean(contract.params || contract.query || contract.body || contract.form);
    it(`${contract.method.toUpperCase()} ${contract.path} (${file} ${name})`, async () => {
      const caller = contract.access === 'admin' || contract.access === 'premium' ? admin : me;
      const samples = { userId: other.id, username: other.username };
      let before = await counts();
      await fc.assert(
        fc.asyncProperty(inputsFor(contract, samples), async (input) => {
          await resetLimits();
          const url = urlFor(contract, input);
          const init = requestInit(contract.method.toUpperCase(), input);
          const res = await t.as(caller)(url, init);
          const text = await res.text();
          tally.requests++;
          tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
          const where = `${init.method} ${url.slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`;
          expect(res.status, where).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.headers.get('content-type'), where).toMatch(/^application\/json/);
            let body: unknown;
            try {
              body = JSON.parse(text);
            } catch {
              body = text;
            }
            expect(errorShape.safeParse(body).success, where).toBe(true);
            expect(text, where).not.toMatch(TRACE);
          }
          const after = res.status < 300 ? await settled() : await counts();
          if (schemaRefuses(contract, input, url)) {
            tally.refused++;
            // An empty path param makes a "//" the server answers with a redirect to the path
            // without it (http/redirect.api.test.ts): the route is not reached.
            const emptySegment = url.split('?')[0]!.includes('//');
            expect(res.status, where).toBeGreaterThanOrEqual(emptySegment ? 300 : 400);
            expect(after, `${where}\nrow counts changed`).toBe(before);
          }
          before = after;
        }),
        { numRuns: hasInput ? RUNS : RUNS_WITHOUT_INPUT, seed: SEED, verbose: true, examples: hasInput ? examplesFor(contract, samples).map((e) => [e] as [FuzzInput]) : [] },
      );
    });
  }
});
