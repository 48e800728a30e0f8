import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../config';
import { type RunningServer, startServer } from '../start';

/**
 * Real servers (start.ts) on one new PostgreSQL database of TEST_DATABASE_URL's server, each with its
 * own DATA_DIR, for the tests of what several instances do together. Call at a test file's top level:
 * it creates the database before the file's tests and stops the servers and drops it after them.
 */
export function pgServers(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const dbName = `reelmates_${prefix}_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const dirs: string[] = [];
  const servers: RunningServer[] = [];

  /** Runs one statement as the administrator (outside the test database's pools). */
  async function admin<T extends pg.QueryResultRow>(query: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return (await client.query<T>(query)).rows;
    } finally {
      await client.end();
    }
  }

  /** Starts a server with these settings on top of the test ones; `before` may fill its DATA_DIR first. Gives its base URL and log lines. */
  async function start(env: Record<string, string> = {}, before?: (dataDir: string) => void) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `reelmates-${prefix}-`));
    dirs.push(dataDir);
    before?.(dataDir);
    const logs: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logs.push(JSON.parse(line) as { level: number; msg: string }) });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000',
      ...env,
    });
    const server = await startServer(config, logger);
    servers.push(server);
    return { server, dataDir, base: `http://127.0.0.1:${server.port}`, logs };
  }

  beforeAll(() => admin(`CREATE DATABASE ${dbName}`));
  afterAll(async () => {
    for (const s of servers) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  return { dbName, databaseUrl, admin, start };
}

export type PgServer = Awaited<ReturnType<ReturnType<typeof pgServers>['start']>>;
