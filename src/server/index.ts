import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { createLogger } from './logger';
import { startServer } from './start';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  let running;
  try {
    running = await startServer(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(75); // EX_TEMPFAIL
    }
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use. Stop the other server or set PORT to a free port.`);
      process.exit(75);
    }
    throw error;
  }
  let signalled = false;
  const shutdown = (signal: string) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    running
      .stop()
      .then(() => {
        logger.info('stopped cleanly');
        logger.flush();
        process.exit(0);
      })
      .catch((error) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error('Reelmates failed to start:', error);
  process.exit(1);
});
