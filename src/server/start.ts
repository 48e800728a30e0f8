import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { type Config, describeDefaults, storageWarnings } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import type { AppDeps } from './deps';
import { createHttpServer } from './http/server';
import { PublicAnswers } from './http/public-answers';
import { loadPageRenderer } from './http/page-renderer';
import { profilePage } from './http/profile-page';
import { findWebDist, WebAssets } from './http/web-app';
import { createMailOutbox } from './integrations/mail';
import type { Logger } from './logger';
import { createCatalogue } from './integrations/catalogue';
import { createStorage, DatabaseStorage, LocalStorage } from './integrations/storage';
import { HealthProbe } from './modules/health/probe';
import { profileFrontRoute } from './modules/profiles/front-route';
import { startMatchRebalancer } from './modules/matches/rebalancer';
import { startTrialEndingSweep } from './modules/billing/trial-ending';
import { startImportRunner } from './modules/imports/runner';
import { startUploadSweeper } from './modules/settings/upload-sweeper';
import { startDataExportWorker } from './modules/data-export/jobs';
import { createAuth } from './modules/accounts/auth';
import { type EventBus, InProcessBus } from './realtime/bus';
import { EventLog } from './realtime/event-log';
import { hubOf } from './realtime/hub';
import { PgBus } from './realtime/pg-bus';
import { SessionCache } from './modules/accounts/session-cache';

export interface RunningServer {
  port: number;
  deps: AppDeps;
  stop(): Promise<void>;
}

/** Opens the database, migrates it, starts the workers and listens. Used by index.ts and tests. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          poolSize: config.databasePoolSize,
          onIdleError: (err) => logger.warn({ err }, 'idle database connection lost'),
          onListenerProblem: (err, message) => logger.warn({ err }, message),
        }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const mail = createMailOutbox(config, database.db, logger);
  // Realtime fan-out: across instances through LISTEN/NOTIFY on PostgreSQL, in-process on PGlite.
  let events: EventBus;
  if (database.kind === 'postgres' && config.databaseUrl && database.pool) {
    const bus = new PgBus({ url: config.databaseUrl, pool: database.pool, log: new EventLog(database.db), logger });
    try {
      await bus.start();
    } catch (error) {
      await database.close();
      throw error;
    }
    events = bus;
  } else {
    const bus = new InProcessBus(new EventLog(database.db), logger);
    await bus.start();
    events = bus;
  }
  const auth = createAuth({ config, database, mail, logger, events });
  const catalogue = createCatalogue(config, logger);
  const storage = createStorage(config, database);
  for (const warning of storageWarnings(config, database.kind)) logger.warn(warning);
  if (storage instanceof DatabaseStorage) {
    // Pictures this instance kept on its own disk before (the local adapter) move into the database.
    const moved = await storage.moveFrom(new LocalStorage(config.storage.uploadsDir)).catch((err: unknown) => {
      logger.warn({ err }, `could not move the files of ${config.storage.uploadsDir} into the database`);
      return 0;
    });
    if (moved) logger.info({ moved }, `moved ${moved} uploaded pictures from ${config.storage.uploadsDir} into the database`);
  }
  const deps: AppDeps = {
    config,
    database,
    logger,
    mail,
    auth,
    catalogue,
    storage,
    health: new HealthProbe(database),
    events,
    publicAnswers: new PublicAnswers(),
    sessions: new SessionCache(database.access, config.sessionCacheMs),
  };
  const webDist = findWebDist();
  const assets = webDist ? new WebAssets(webDist) : undefined;
  const renderPage = webDist ? await loadPageRenderer(webDist) : undefined;
  const app = createApp(deps);

  const server = createHttpServer(app, config, {
    logger,
    health: deps.health,
    publicAnswers: deps.publicAnswers,
    assets,
    routes: [profileFrontRoute(deps)],
    page: assets ? profilePage(deps, assets, logger, renderPage) : undefined,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
    server.listen(config.port, config.host);
  });
  mail.start();
  const sweeper = startUploadSweeper(deps);
  const rebalancer = startMatchRebalancer(deps);
  const trialEndings = startTrialEndingSweep(deps);
  const dataExports = startDataExportWorker(deps);
  const imports = startImportRunner(deps);
  const port = (server.address() as AddressInfo).port;

  logger.info({ port, webApp: webDist ? 'served' : 'not built (API only)' }, `Reelmates is listening on http://localhost:${port}`);
  for (const line of describeDefaults(config)) logger.info(line);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Long-lived connections (keep-alive, later event streams) must not hold shutdown open.
        server.closeAllConnections();
      });
      await mail.stop();
      await sweeper.stop();
      await rebalancer.stop();
      await trialEndings.stop();
      await dataExports.stop();
      await imports.stop();
      hubOf.get(deps.events)?.stop();
      await deps.events.stop();
      await database.close();
    })());
  return { port, deps, stop };
}
