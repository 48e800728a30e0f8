import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { type RunningServer, startServer } from '../start';
import { PgBus } from './pg-bus';

/** The real server (start.ts): an open event stream must not hold shutdown, and the bus listener closes. */
const onPostgres = process.env.TEST_DB === 'postgres';
const adminUrl = process.env.TEST_DATABASE_URL;
const dbName = `reelmates_shutdown_${randomBytes(4).toString('hex')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-shutdown-'));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

async function signedInCookie(base: string) {
  const email = `shutdown${Date.now()}@example.com`;
  const res = await fetch(`${base}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Corr3ct-Horse!', username: `shut_${Date.now().toString(36)}`, fullName: '', acceptTerms: true, acceptPrivacy: true }),
  });
  expect(res.status).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const box = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { mails: { text: string }[] };
    link = box.mails[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const url = new URL(link!);
  const verified = await fetch(base + url.pathname + url.search, { redirect: 'manual' });
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('shutdown with open event streams', () => {
  it('stops promptly, ends the streams and closes the bus listener', async () => {
    let databaseUrl: string | undefined;
    if (onPostgres) {
      await admin(`CREATE DATABASE ${dbName}`);
      const url = new URL(adminUrl!);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const server: RunningServer = await startServer(config, pino({ level: 'silent' }));
    expect(server.deps.events instanceof PgBus).toBe(onPostgres);
    const base = `http://127.0.0.1:${server.port}`;
    const cookie = await signedInCookie(base);
    const streams = await Promise.all([0, 1, 2].map(() => fetch(`${base}/api/events`, { headers: { cookie } })));
    const readers = streams.map((s) => s.body!.getReader());
    for (const r of readers) expect(new TextDecoder().decode((await r.read()).value)).toContain('retry:');

    const started = Date.now();
    await server.stop();
    expect(Date.now() - started).toBeLessThan(3_000);
    for (const r of readers) {
      const end = await r.read().then(
        (x) => (x.done ? 'done' : 'data'),
        () => 'error',
      );
      expect(end).not.toBe('data');
    }
    if (onPostgres) {
      const { rows } = await admin(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${dbName}' AND query LIKE 'LISTEN%'`);
      expect(rows[0].n).toBe(0);
    }
  });
});
