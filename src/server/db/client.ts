import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { ACCESS_CHANNEL, AccessSignals } from './access-signals';
import { KeptPlanClient } from './kept-plans';
import { acquireDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The common surface of the PGlite and node-postgres drivers; feature code sees only this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Raw client, for LISTEN/NOTIFY and migrations. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Changes to what sessions grant, heard on LISTEN (access-signals.ts; the session cache). */
  access: AccessSignals;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void; onListenerProblem?: (error: unknown, message: string) => void }
  /** `loadDataDir`: start an in-memory database from a dumped data directory (tests: a migrated template). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const access = new AccessSignals(false);
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Marked statements are sent named, so each connection plans them once (kept-plans.ts).
      Client: KeptPlanClient,
      // Our named prepared statements (profile views, the session lookup) are lookups by key, whose
      // plan never depends on the values. Left to choose, PostgreSQL kept planning the batched
      // profile view anew on every execution (a custom plan for its arrays), which was most of its
      // CPU per view (decision 010). Unnamed statements, all the others, are planned each time anyway.
      options: '-c plan_cache_mode=force_generic_plan',
      // Every connection listens for access signals, so the one that commits a change hears it
      // before its COMMIT returns (access-signals.ts).
      // Only its own: the others reach this process through the dedicated listener.
      onConnect: async (client: pg.ClientBase) => {
        const self = (client as pg.ClientBase & { processID?: number }).processID;
        client.on('notification', (msg) => {
          if (msg.channel === ACCESS_CHANNEL && msg.processId === self) access.heardOwn(msg.payload);
        });
        await client.query(`LISTEN ${ACCESS_CHANNEL}`);
      },
    });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => target.onIdleError?.(error));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    await access.startListener(target.url, pool, (error, message) => target.onListenerProblem?.(error, message));
    return {
      db,
      kind: 'postgres',
      pool,
      access,
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await access.stop();
        await pool.end();
      },
    };
  }
  // In-memory when no directory is given (tests); otherwise DATA_DIR/db, locked to this process.
  const dbDir = target.dataDir ? path.join(target.dataDir, 'db') : undefined;
  const release = target.dataDir ? acquireDirLock(target.dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = dbDir ? await PGlite.create(dbDir) : await PGlite.create(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {});
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  // One process: a notification reaches the listener with the query that commits it.
  const access = new AccessSignals(true);
  await pglite.listen(ACCESS_CHANNEL, (payload) => access.heard(payload));
  return {
    db,
    kind: 'pglite',
    pglite,
    access,
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      try {
        await access.stop();
        if (!pglite.closed) {
          await pglite.exec('CHECKPOINT');
          await pglite.close();
        }
      } finally {
        release();
      }
    },
  };
}

/** Runs raw SQL and returns its rows; both drivers answer with { rows }. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
