/**
 * Fills the database with the demo community, or removes it (decision 040):
 *   npm run seed                 about 200 demo members with favorites, follows, messages and forum threads
 *   npm run seed -- --reset      removes every demo row and nothing else
 *   SEED_PASSWORD=... npm run seed   lets demo members sign in with that password
 * Reads the same settings as the server (DATABASE_URL or DATA_DIR). On PGlite stop the server first.
 */
import { loadConfig } from '../src/server/config';
import { runSeedCommand } from '../src/server/modules/demo/cli';

process.exitCode = await runSeedCommand(
  () => loadConfig(),
  process.argv.slice(2),
  { nodeEnv: process.env.NODE_ENV, password: process.env.SEED_PASSWORD },
  (line) => console.log(line),
);
