import DataLoader from 'dataloader';
import type { Database } from './client';

/**
 * Per-key reads batched across requests (decision 022): every call made in one turn of the event
 * loop (setImmediate runs after the poll phase has taken every ready socket) is answered by one
 * statement for all their keys, so under load many requests share one round trip, and PGlite, which
 * runs one query at a time, has one query to run instead of a queue. Nothing is cached: each call
 * still reads after it was made, so a write is seen by the next read. Identical keys in one batch
 * (one user's tabs) are read once. profiles/view-query.ts does the same for profile views.
 *
 * `read` gets the distinct keys and answers what it found; a key it does not answer gets `missing`.
 * One loader per database (the statements it prepares belong to that database's connections).
 */
export function batchedRead<K extends string, V>(read: (db: Database, keys: K[]) => Promise<Map<K, V>>, missing: (key: K) => V): (db: Database, key: K) => Promise<V> {
  const loaders = new WeakMap<Database, DataLoader<K, V>>();
  const loaderOf = (db: Database) => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = new DataLoader<K, V>(
        async (keys) => {
          const found = await read(db, [...new Set(keys)]);
          return keys.map((key) => (found.has(key) ? found.get(key)! : missing(key)));
        },
        { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 100 },
      );
      loaders.set(db, loader);
    }
    return loader;
  };
  return (db, key) => loaderOf(db).load(key);
}

/**
 * A read whose answer is the same for every caller who asks with the same key (the admin area's
 * lists and badges): the calls of one event-loop turn share one read per distinct key, made after
 * they were all asked (batchedRead's rule), so a write is still seen by the next read. Distinct keys
 * of a turn are read side by side.
 */
export function sharedRead<K extends string, V>(read: (db: Database, key: K) => Promise<V>): (db: Database, key: K) => Promise<V> {
  return batchedRead<K, V>(
    async (db, keys) => new Map(await Promise.all(keys.map(async (key) => [key, await read(db, key)] as const))),
    (key) => {
      throw new Error(`sharedRead: no answer for ${key}`);
    },
  );
}

/**
 * A statement made once per database and kept for it (PostgreSQL then plans a prepared statement
 * once per connection, not on every request): `const statementOf = preparedPerDatabase(selectX)`,
 * then `statementOf(db).execute(...)`.
 */
export function preparedPerDatabase<S>(prepare: (db: Database) => S): (db: Database) => S {
  const statements = new WeakMap<Database, S>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
