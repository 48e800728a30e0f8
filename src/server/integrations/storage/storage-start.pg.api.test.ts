import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { type RunningServer, startServer } from '../../start';
import { smallPng } from '../../modules/settings/test-images';
import { signedInOverHttp } from '../../test/http-accounts';

// Real servers (start.ts) on one PostgreSQL, each with its own DATA_DIR, configured as an operator
// would: without STORAGE every instance serves every picture; STORAGE=local warns at start.
const adminUrl = process.env.TEST_DATABASE_URL!;
const dbName = `reelmates_storage_${randomBytes(4).toString('hex')}`;
let databaseUrl: string;
const dirs: string[] = [];
const servers: RunningServer[] = [];

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Starts a server; `before` may fill its DATA_DIR first. Gives its base URL and its log lines. */
async function start(env: Record<string, string> = {}, before?: (dataDir: string) => void) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-storage-'));
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

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

const WARN = 40;

describe('storage of servers on PostgreSQL', () => {
  it('by default keeps pictures in the database: uploaded through one server, saved and shown through the other; the old one moves in at start', async () => {
    const one = await start();
    expect(one.server.deps.storage.kind).toBe('database');
    expect(one.logs.filter((l) => l.level >= WARN)).toEqual([]);
    expect(one.logs.map((l) => l.msg)).toContain('uploads: in the database (table stored_uploads), served by every instance');

    const me = await signedInOverHttp(one.base, 'st');
    // A picture the second server kept on its own disk before this version (a timestamp name).
    const legacy = `${me.id}/1700000000000.png`;
    const legacyBytes = await smallPng(40, 40);
    const two = await start({}, (dataDir) => {
      fs.mkdirSync(path.join(dataDir, 'uploads', me.id), { recursive: true });
      fs.writeFileSync(path.join(dataDir, 'uploads', legacy), legacyBytes);
    });
    expect(fs.readdirSync(path.join(two.dataDir, 'uploads', me.id))).toEqual([]);
    const moved = await fetch(`${one.base}/api/uploads/${legacy}`);
    expect(moved.status).toBe(200);
    expect(Buffer.from(await moved.arrayBuffer()).equals(legacyBytes)).toBe(true);

    const form = new FormData();
    form.append('file', new File([new Uint8Array(await smallPng(50, 50))], 'me.png', { type: 'image/png' }));
    const uploaded = await fetch(`${one.base}/api/me/avatar`, { method: 'POST', headers: { cookie: me.cookie }, body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const saved = await fetch(`${two.base}/api/me/profile`, {
      method: 'PATCH',
      headers: { cookie: me.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ avatarUrl: url }),
    });
    expect(saved.status).toBe(200);
    const shown = await fetch(`${two.base}${url}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Saving replaced nothing but removed the user's other pictures (the moved one), on both.
    for (const base of [one.base, two.base]) expect((await fetch(`${base}/api/uploads/${legacy}`)).status).toBe(404);
  });

  it('warns at start when STORAGE=local on PostgreSQL, naming the fix', async () => {
    const local = await start({ STORAGE: 'local' });
    expect(local.server.deps.storage.kind).toBe('local');
    const warnings = local.logs.filter((l) => l.level === WARN).map((l) => l.msg);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^STORAGE=local on PostgreSQL: avatars are files in .*uploads, which only this instance reads\. .*shared volume.*STORAGE=database or S3_BUCKET/);
    expect(local.logs.map((l) => l.msg)).toContain(`uploads: files in ${path.join(local.dataDir, 'uploads')} (STORAGE=local)`);
  });
});
