import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { migrationsFolder, runMigrations } from '../db/migrate';
import type { AppDeps } from '../deps';
import { createMailOutbox } from '../integrations/mail';
import { MailOutbox, type OutboxTiming } from '../integrations/mail/outbox';
import type { MailTransport, OutgoingMail } from '../integrations/mail/transport';
import { type Catalogue, createCatalogue } from '../integrations/catalogue';
import { PublicAnswers } from '../http/public-answers';
import { createStorage } from '../integrations/storage';
import { HealthProbe } from '../modules/health/probe';
import { createAuth } from '../modules/accounts/auth';
import { SessionCache } from '../modules/accounts/session-cache';
import { InProcessBus } from '../realtime/bus';
import { EventLog } from '../realtime/event-log';
import { hubOf } from '../realtime/hub';

/** The migrations' fingerprint: templates are named by it, so a new or changed migration makes new ones. */
let fingerprint: string | undefined;
function migrationsFingerprint(): string {
  if (fingerprint) return fingerprint;
  const folder = migrationsFolder();
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(folder).sort()) if (file.endsWith('.sql')) hash.update(file).update(fs.readFileSync(path.join(folder, file)));
  hash.update(fs.readFileSync(path.join(folder, 'meta', '_journal.json')));
  return (fingerprint = hash.digest('hex').slice(0, 16));
}

/**
 * A migrated PGlite's data directory as a tarball in the temp folder, made by the first test file that
 * needs it (written aside and renamed into place, so another worker never reads half of it).
 */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), 'reelmates-test-templates', `pglite-${migrationsFingerprint()}.tar`);
  if (!fs.existsSync(file)) {
    const handle = await openDatabase({ kind: 'pglite' });
    try {
      await runMigrations(handle);
      const dump = await handle.pglite!.dumpDataDir('none');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(aside, file);
    } finally {
      await handle.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

/** Any fixed number: the advisory lock under which one worker builds the PostgreSQL template. */
const TEMPLATE_LOCK_KEY = 720_431_911;

/**
 * A migrated PostgreSQL database to copy test databases from. One worker builds it under an advisory
 * lock, as `<name>_building`, and renames it when whole; the others wait, then find it.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `reelmates_template_${migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`DROP DATABASE IF EXISTS ${name}_building WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}_building`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}_building`;
      const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
      try {
        await runMigrations(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${name}_building RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
  return name;
}

/**
 * A fresh database per test file: in-memory PGlite, or (TEST_DB=postgres) a new PostgreSQL
 * database created for the file and dropped at the end. Each starts as a copy of a migrated template
 * (decision 059: migrating anew took 2 to 6 s per database), and the migrations then run exactly as
 * at start, finding nothing left to do.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate() });
    await runMigrations(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const template = await postgresTemplate(adminUrl);
  const name = `reelmates_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
  await runMigrations(handle);
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return handle;
}

/** A transport that keeps mails in memory, and can be told to fail, for outbox tests. */
export class MemoryTransport implements MailTransport {
  readonly name = 'dev-mailbox' as const;
  readonly sent: OutgoingMail[] = [];
  failuresLeft = 0;
  async send(mail: OutgoingMail) {
    if (this.failuresLeft > 0) {
      this.failuresLeft--;
      throw new Error('transport down');
    }
    this.sent.push(mail);
  }
}

let ipCounter = 0;

export type TestRequest = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  transport: MemoryTransport;
  request: TestRequest;
  /**
   * `request` with `user`'s session cookie (a header `cookie` given in `init` wins); `null` is a
   * visitor without one, for tests that compare the two.
   */
  as(user: { cookie: string } | null): TestRequest;
  close(): Promise<void>;
}

/**
 * A fresh database, or `options.database` (another test app's: a second instance on the same
 * database, which it leaves open on close).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    database?: DatabaseHandle;
    /**
     * `config`: the transport the app would pick from its config (SMTP_URL: SMTP), as at start;
     * `transport` then stays empty. Default `memory`: mails are kept in `transport`.
     */
    mail?: 'memory' | 'config';
    /** The outbox's pacing, for tests that want short leases or polls. */
    mailTiming?: Partial<OutboxTiming>;
    /** Another catalogue than the config's (one that is slow, say). */
    catalogue?: Catalogue;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/reelmates-test-unused',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000',
    APP_URL: 'http://localhost',
    TRUST_PROXY: 'true',
    CHECK_RESPONSE_CONTRACTS: 'true',
    ...env,
  });
  const logger = pino({ level: 'silent' });
  const transport = new MemoryTransport();
  const mail =
    options.mail === 'config'
      ? createMailOutbox(config, database.db, logger, options.mailTiming)
      : new MailOutbox({ db: database.db, transport, from: config.mail.from, logger, timing: options.mailTiming });
  const events = new InProcessBus(new EventLog(database.db), logger);
  await events.start();
  const auth = createAuth({ config, database, mail, logger, events });
  const catalogue = options.catalogue ?? createCatalogue(config, logger);
  const deps: AppDeps = {
    config,
    database,
    logger,
    mail,
    auth,
    catalogue,
    storage: createStorage(config, database),
    health: new HealthProbe(database),
    events,
    publicAnswers: new PublicAnswers(),
    sessions: new SessionCache(database.access, config.sessionCacheMs),
  };
  const app = createApp(deps);
  const request: TestRequest = (path, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    // Each request comes from its own address unless the test says otherwise, so per-IP limits
    // only meet the tests that aim at them (TRUST_PROXY is on in tests).
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`);
    return Promise.resolve(app.request(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }));
  };
  return {
    app,
    deps,
    transport,
    request,
    as:
      (user) =>
      (path, init = {}) => {
        const headers = new Headers(init.headers);
        if (user && !headers.has('cookie')) headers.set('cookie', user.cookie);
        return request(path, { ...init, headers });
      },
    close: async () => {
      await mail.stop();
      hubOf.get(deps.events)?.stop();
      await deps.events.stop();
      deps.sessions.stop();
      if (!options.database) await database.close();
    },
  };
}

/** Listens on a free port of 127.0.0.1; gives the base URL and a close that ends open keep-alive connections. */
export async function listenForTest(server: Server): Promise<{ base: string; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
