import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
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
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget = { kind: 'postgres'; url: string; poolSize?: number; onIdleError?: (error: Error) => void } | { kind: 'pglite'; dataDir?: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      // Our named prepared statements (profile views, the session lookup) are lookups by key, whose
      // plan never depends on the values. Left to choose, PostgreSQL kept planning the batched
      // profile view anew on every execution (a custom plan for its arrays), which was most of its
      // CPU per view (decision 010). Unnamed statements, all the others, are planned each time anyway.
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // An idle connection that the server drops (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (error) => target.onIdleError?.(error));
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await pool.end();
      },
    };
  }
  // In-memory when no directory is given (tests); otherwise DATA_DIR/db, locked to this process.
  const dbDir = target.dataDir ? path.join(target.dataDir, 'db') : undefined;
  const release = target.dataDir ? acquireDirLock(target.dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = dbDir ? await PGlite.create(dbDir) : await PGlite.create();
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      try {
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
