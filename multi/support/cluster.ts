import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type AppServer, freePort, startAppServer, tempDataDir } from '../../e2e/support/server';

/** The one nginx configuration, shown in docs/deployment.md and rendered here. */
export const TEMPLATE = path.resolve(import.meta.dirname, '../../deploy/nginx/reelmates.conf.template');

/**
 * Renders the template as `envsubst '$REELMATES_LISTEN $REELMATES_SERVER_NAME $REELMATES_UPSTREAM_SERVERS'`
 * does: only those three, so nginx's own variables ($http_host, $proxy_add_x_forwarded_for) stay.
 */
export function renderTemplate(template: string, values: { REELMATES_LISTEN: string; REELMATES_SERVER_NAME: string; REELMATES_UPSTREAM_SERVERS: string }): string {
  return template.replace(/\$\{(REELMATES_LISTEN|REELMATES_SERVER_NAME|REELMATES_UPSTREAM_SERVERS)\}/g, (_, name: keyof typeof values) => values[name]);
}

export interface Nginx {
  url: string;
  port: number;
  dir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * nginx as a child of the test (not a daemon), with its prefix, pid, logs and temp paths in a
 * directory of its own, on a free port. The template is wrapped in the smallest main file; the
 * wrapper adds one header for the tests, X-Upstream (which instance answered).
 */
export async function startNginx(nginxPath: string, port: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-nginx-'));
  const site = renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
    REELMATES_LISTEN: `127.0.0.1:${port}`,
    REELMATES_SERVER_NAME: 'localhost',
    REELMATES_UPSTREAM_SERVERS: upstreamPorts.map((p) => `server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join(' '),
  });
  fs.writeFileSync(path.join(dir, 'reelmates.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${path.join(dir, name)};`).join('\n');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${path.join(dir, 'access.log')};
${temp}
  add_header X-Upstream $upstream_addr always;
  include ${path.join(dir, 'reelmates.conf')};
}
`,
  );
  let out = '';
  const child = spawn(nginxPath, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${out}\n${readLog(dir)}`);
    try {
      // Any answer means nginx listens (the instances may not be up yet).
      await fetch(`${url}/api/health`);
      break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start:\n${out}\n${readLog(dir)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    port,
    dir,
    process: child,
    output: () => `${out}\n${readLog(dir)}`,
    stop: async () => {
      // SIGTERM to the master (by its pid): it stops its worker and exits.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

/** A fresh PostgreSQL database for the run, dropped at the end (as src/server/test/harness.ts does); the durability suite uses it too. */
export async function createDatabase(adminUrl: string) {
  const name = `reelmates_multi_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  return {
    url: url.toString(),
    pool,
    drop: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface Cluster {
  /** The proxy's base URL (round robin over both instances). */
  proxy: string;
  nginx: Nginx;
  a: AppServer;
  b: AppServer;
  db: pg.Pool;
  /** Each instance's port, as nginx names it in X-Upstream (`127.0.0.1:port`). */
  upstreamOf(res: Response): string | null;
  /** kill -9 an instance, or start it again on the same port and DATA_DIR. */
  kill(which: 'a' | 'b'): Promise<void>;
  start(which: 'a' | 'b'): Promise<AppServer>;
  stop(): Promise<void>;
}

/**
 * Two built servers (`node dist/server/index.js`) on one fresh PostgreSQL database, each with a
 * DATA_DIR of its own and a free port, behind nginx; TRUST_PROXY as docs/deployment.md says.
 */
export async function startCluster(options: { nginxPath: string; adminUrl: string }): Promise<Cluster> {
  const database = await createDatabase(options.adminUrl);
  const ports = { a: await freePort(), b: await freePort(), proxy: await freePort() };
  const dirs = { a: tempDataDir(), b: tempDataDir() };
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '5',
    TRUST_PROXY: 'true',
    TRUST_PROXY_HOPS: '1',
    APP_URL: `http://127.0.0.1:${ports.proxy}`,
    BETTER_AUTH_SECRET: randomBytes(24).toString('hex'),
  };
  const launch = (which: 'a' | 'b') => startAppServer({ port: ports[which], dataDir: dirs[which], env });
  const servers: Record<'a' | 'b', AppServer | undefined> = { a: undefined, b: undefined };
  let nginx: Nginx | undefined;
  try {
    // Started together: they take turns at the migrations (the advisory lock).
    const started = await Promise.allSettled([launch('a'), launch('b')]);
    [servers.a, servers.b] = started.map((s) => (s.status === 'fulfilled' ? s.value : undefined));
    for (const s of started) if (s.status === 'rejected') throw s.reason;
    // nginx once both answer: a refused first request would mark an instance down for fail_timeout.
    nginx = await startNginx(options.nginxPath, ports.proxy, [ports.a, ports.b]);
  } catch (error) {
    await Promise.all([servers.a?.stop('SIGKILL'), servers.b?.stop('SIGKILL')]);
    await database.drop();
    throw error;
  }
  const cluster: Cluster = {
    proxy: nginx.url,
    nginx,
    a: servers.a!,
    b: servers.b!,
    db: database.pool,
    upstreamOf: (res) => res.headers.get('x-upstream'),
    kill: async (which) => {
      await servers[which]?.stop('SIGKILL');
    },
    start: async (which) => {
      const server = await launch(which);
      servers[which] = server;
      cluster[which] = server;
      return server;
    },
    stop: async () => {
      await Promise.all([servers.a?.stop('SIGTERM'), servers.b?.stop('SIGTERM')]);
      await nginx.stop();
      await database.drop();
      for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return cluster;
}
