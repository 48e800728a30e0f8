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

type Query = (...args: unknown[]) => Promise<unknown>;
interface Queryable {
  query: Query;
}

/** Wraps `target.query` to record each statement's text until the returned function puts it back. */
function recordOn(target: Queryable, statements: string[]): () => void {
  const query = target.query;
  target.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0] as string | { text?: string };
    statements.push(typeof config === 'string' ? config : (config.text ?? ''));
    return query.apply(this, args);
  };
  return () => {
    target.query = query;
  };
}

/**
 * Every round trip a write makes, transactions included (BEGIN and COMMIT count): on PostgreSQL
 * each client the pool hands out while `run` runs (pool.query goes through it too), on PGlite the
 * instance and each transaction's handle. Background jobs' statements are left out as above, by
 * their own statements' shapes only: `keep` says which to count.
 */
export async function roundTripsDuring<T>(database: DatabaseHandle, run: () => Promise<T>, keep: (text: string) => boolean): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const restore: (() => void)[] = [];
  if (database.pool) {
    const pool = database.pool as unknown as { connect: (...args: unknown[]) => unknown };
    const connect = pool.connect;
    const patch = (client: Queryable & { release: (...a: unknown[]) => unknown }) => {
      const put = recordOn(client, statements);
      const release = client.release;
      client.release = function (this: unknown, ...a: unknown[]) {
        put();
        client.release = release;
        return release.apply(this, a);
      };
      return client;
    };
    pool.connect = function (this: unknown, ...args: unknown[]) {
      const callback = args[0] as ((err: unknown, client: never, done: unknown) => void) | undefined;
      if (typeof callback === 'function') return connect.call(this, (err: unknown, client: never, done: unknown) => callback(err, (client && patch(client)) as never, done));
      return (connect.apply(this, args) as Promise<never>).then((client) => patch(client));
    };
    restore.push(() => {
      pool.connect = connect;
    });
  } else {
    const lite = database.pglite as unknown as Queryable & { transaction: (fn: (tx: Queryable) => unknown) => unknown };
    restore.push(recordOn(lite, statements));
    const transaction = lite.transaction;
    lite.transaction = function (this: unknown, fn: (tx: Queryable) => unknown) {
      return transaction.call(this, (tx: Queryable) => {
        // PGlite sends BEGIN and COMMIT itself: counted here, as node-postgres's are.
        statements.push('BEGIN');
        recordOn(tx, statements);
        return Promise.resolve(fn(tx)).then((result) => {
          statements.push('COMMIT');
          return result;
        });
      });
    };
    restore.push(() => {
      lite.transaction = transaction;
    });
  }
  try {
    const result = await run();
    return { result, statements: statements.filter(keep) };
  } finally {
    for (const put of restore) put();
  }
}
