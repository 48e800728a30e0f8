import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname, 'src/web'),
  '@shared': path.resolve(import.meta.dirname, 'src/shared'),
};

/** The API suite also runs on PostgreSQL when TEST_DATABASE_URL is set or a local server answers. */
async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return url;
  } catch (error) {
    if (process.env.TEST_DATABASE_URL) throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${(error as Error).message}`, { cause: error });
    console.warn('PostgreSQL not reachable: the API suite runs on PGlite only.');
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

/** nginx for the multi-instance suite: NGINX_PATH, else the Debian package's /usr/sbin/nginx, else one on PATH. */
function nginxPath(): string | undefined {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'nginx'))];
  return candidates.find((file) => {
    if (!file) return false;
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export default defineConfig(async () => {
  const pgUrl = process.env.SKIP_POSTGRES ? undefined : await postgresUrl();
  // *.pg.api.test.ts need PostgreSQL itself (LISTEN/NOTIFY across connections, several instances).
  const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
    resolve: { alias },
    test: {
      name,
      include: ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'],
      exclude,
      environment: 'node',
      env,
      // One process per worker for all its API files (decision 086): each file still opens its own
      // database and app (createTestApp), but the server's modules are loaded once per worker, not
      // once per file; module state is kept in WeakMaps keyed by the app's deps and database.
      isolate: process.env.VITEST_ISOLATE === 'true',
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
  // Two built instances on PostgreSQL behind nginx (multi/): needs both.
  const nginx = nginxPath();
  const multiMissing = [
    !nginx && 'nginx is not installed (apt-get install nginx, or set NGINX_PATH)',
    !pgUrl && (process.env.SKIP_POSTGRES ? 'SKIP_POSTGRES is set' : 'PostgreSQL does not answer'),
  ].filter(Boolean);
  if (multiMissing.length > 0) console.warn(`multi-instance suite skipped: ${multiMissing.join('; ')}.`);
  return {
    test: {
      reporters: ['default'],
      // Unit and API files run at least two at a time, even on a 2-core machine (Vitest's default is
      // one fewer than the cores): an API file spends much of its time waiting on PostgreSQL or on
      // its own PGlite, so two overlap well. The browser, durability and multi-instance suites run
      // one file at a time (fileParallelism: false) in a group of their own after these.
      maxWorkers: Math.max(2, os.availableParallelism() - 1),
      projects: [
        {
          resolve: { alias },
          test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'], exclude: ['src/**/*.api.test.ts', 'scripts/**/*.api.test.ts'], environment: 'node' },
        },
        apiProject('api-pglite', { TEST_DB: 'pglite' }, ['src/**/*.pg.api.test.ts']),
        ...(pgUrl ? [apiProject('api-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl })] : []),
        {
          resolve: { alias },
          test: {
            name: 'e2e',
            include: ['e2e/**/*.e2e.ts'],
            environment: 'node',
            fileParallelism: false,
            testTimeout: 60_000,
            hookTimeout: 90_000,
            globalSetup: ['e2e/support/global-setup.ts'],
          },
        },
        {
          // The built server killed with SIGKILL mid-load and restarted (issue 19, item 3): PGlite, and PostgreSQL when it answers.
          resolve: { alias },
          test: {
            name: 'durability',
            include: ['durability/**/*.durability.test.ts'],
            environment: 'node',
            fileParallelism: false,
            env: pgUrl ? { TEST_DATABASE_URL: pgUrl } : {},
            testTimeout: 600_000,
            hookTimeout: 120_000,
            globalSetup: ['e2e/support/global-setup.ts'],
          },
        },
        ...(nginx && pgUrl
          ? [
              {
                resolve: { alias },
                test: {
                  name: 'multi-instance',
                  include: ['multi/**/*.multi.test.ts'],
                  environment: 'node',
                  fileParallelism: false,
                  env: { TEST_DATABASE_URL: pgUrl, NGINX_PATH: nginx },
                  testTimeout: 90_000,
                  hookTimeout: 120_000,
                  globalSetup: ['e2e/support/global-setup.ts'],
                },
              },
            ]
          : []),
      ],
    },
  };
});
