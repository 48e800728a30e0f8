import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-e2e-'));
}

/**
 * Where the embedded database a fresh built server makes at its first start is kept for reuse, named
 * by the migrations and the server build it came from: migrating a new PGlite takes 3 to 13 s, which
 * every browser file paid again (decision 059).
 */
function templateDbDir(): string {
  const hash = createHash('sha256');
  const drizzle = path.resolve('drizzle');
  for (const file of fs.readdirSync(drizzle).sort()) if (file.endsWith('.sql')) hash.update(file).update(fs.readFileSync(path.join(drizzle, file)));
  hash.update(fs.readFileSync(path.join(drizzle, 'meta', '_journal.json')));
  hash.update(String(fs.statSync('dist/server/index.js').mtimeMs));
  return path.join(os.tmpdir(), 'reelmates-e2e-template', hash.digest('hex').slice(0, 16), 'db');
}

/**
 * Makes the template once (global setup): a built server started on an empty DATA_DIR and stopped, its
 * db/ directory kept. Nothing else of that start is kept (the auth secret, the mailbox).
 */
export async function prepareTemplateDb(): Promise<void> {
  const target = templateDbDir();
  if (fs.existsSync(target)) return;
  const dataDir = tempDataDir();
  const server = await startAppServer({ dataDir, fresh: true });
  const code = await server.stop();
  if (code !== 0) throw new Error(`the template server exited with ${code}:\n${server.output()}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // A rename is atomic: a run that finds the directory finds it whole.
  fs.renameSync(path.join(dataDir, 'db'), target);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A new DATA_DIR holding a copy of the template database, or an empty one when there is no template. */
function seededDataDir(): string {
  const dataDir = tempDataDir();
  const template = templateDbDir();
  if (fs.existsSync(template)) fs.cpSync(template, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}

/**
 * Starts `node dist/server/index.js` on a free port and a temporary DATA_DIR; waits until healthy.
 * Without a `dataDir` the new one starts from the template database (as migrated by a first start),
 * unless `fresh` asks for an empty one.
 */
export async function startAppServer(options: { dataDir?: string; port?: number; env?: Record<string, string>; fresh?: boolean } = {}): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (options.fresh ? tempDataDir() : seededDataDir());
  let out = '';
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      CHECK_RESPONSE_CONTRACTS: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  // A fresh embedded database takes several seconds to create, more on a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => out,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
