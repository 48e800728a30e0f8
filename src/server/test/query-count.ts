import type { DatabaseHandle } from '../db/client';

/** Statements of the background jobs that share the client (mail outbox, event log): not a request's. */
const BACKGROUND = /mail_outbox|realtime_events/;

/**
 * Records the SQL statements sent through the database's raw client (node-postgres pool or PGlite)
 * while `run` runs, leaving out the background jobs'. Drizzle sends every statement, prepared or not,
 * through `query` on the pool or the PGlite instance, so this sees each round trip a request makes.
 */
export async function statementsDuring<T>(database: DatabaseHandle, run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const client = (database.pool ?? database.pglite) as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    const text = typeof config === 'string' ? config : (config.text ?? '');
    if (!BACKGROUND.test(text)) statements.push(text);
    return query.apply(this, args);
  };
  try {
    return { result: await run(), statements };
  } finally {
    client.query = query;
  }
}
