/**
 * Grants or revokes the admin role on the server (ruling 27):
 *   npm run admin -- grant <email>
 *   npm run admin -- revoke <email>
 * Reads the same settings as the server (DATABASE_URL or DATA_DIR). On PGlite the data directory
 * is one process's: stop the server first (the lock refuses otherwise).
 */
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { runAdminCommand } from '../src/server/modules/admin/cli';

const config = loadConfig();
const database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: config.dataDir });
try {
  await runMigrations(database);
  const result = await runAdminCommand(database, process.argv.slice(2));
  (result.code === 0 ? console.log : console.error)(result.message);
  process.exitCode = result.code;
} finally {
  await database.close();
}
