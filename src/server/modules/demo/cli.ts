import type { Config } from '../../config';
import { DataDirLockedError } from '../../db/lock';
import type { DatabaseHandle } from '../../db/client';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { createStorage } from '../../integrations/storage';
import { resetCommunity } from './reset';
import { seedCommunity } from './seed';

export const SEED_USAGE = 'Usage: npm run seed [-- --reset] [-- --size <10-5000>] [-- --seed <letters, digits>] [-- --force]';
export const DEFAULT_SIZE = 200;
export const DEFAULT_SEED = 'reelmates';

export interface SeedArgs {
  reset: boolean;
  force: boolean;
  size: number;
  seed: string;
}

export function parseSeedArgs(args: string[]): SeedArgs | string {
  const out: SeedArgs = { reset: false, force: false, size: DEFAULT_SIZE, seed: DEFAULT_SEED };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--reset') out.reset = true;
    else if (a === '--force') out.force = true;
    else if (a === '--size' && /^\d+$/.test(args[i + 1] ?? '') && +args[i + 1]! >= 10 && +args[i + 1]! <= 5000) out.size = +args[++i]!;
    else if (a === '--seed' && /^[a-z0-9]{1,20}$/.test(args[i + 1] ?? '')) out.seed = args[++i]!;
    else return SEED_USAGE;
  }
  return out;
}

/** What `npm run seed` does and prints; returns the exit code. */
export async function runSeedCommand(loadConfig: () => Config, argv: string[], env: { nodeEnv?: string; password?: string }, print: (line: string) => void): Promise<number> {
  const args = parseSeedArgs(argv);
  if (typeof args === 'string') return (print(args), 64);
  if (env.nodeEnv === 'production' && !args.force) {
    print('Refusing to touch a production database (NODE_ENV=production). Add --force if you really mean it.');
    return 1;
  }
  const config = loadConfig();
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, poolSize: 2 } : { kind: 'pglite', dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    print(`The database in ${error.dir} is open in a running Reelmates server (pid ${error.pid}).`);
    print('Stop the server first (Ctrl+C in its terminal), run npm run seed again, then npm start.');
    return 75;
  }
  const started = performance.now();
  try {
    await runMigrations(database);
    const storage = createStorage(config, database);
    if (args.reset) {
      const r = await resetCommunity(database.db, storage);
      print(
        r.users === 0
          ? 'No demo community to remove.'
          : `Removed the demo community: ${r.users} members with everything they made, ${r.messages} messages and ${r.notifications} notifications they were part of, ${r.forums} forums${r.files ? `, ${r.files} avatar files` : ''}.`,
      );
      return 0;
    }
    const s = await seedCommunity(database, storage, { size: args.size, seed: args.seed, password: env.password || undefined });
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    const made = [
      `${s.users} members`,
      `${s.favorites} favorites`,
      `${s.watchlist} watchlist titles`,
      `${s.follows} follows`,
      `${s.messages} messages`,
      `${s.threads} forum threads (${s.forums} new forums)`,
      `${s.replies} replies`,
      `${s.likes} likes`,
      `${s.reports} open reports`,
    ];
    print(
      s.users + s.favorites + s.follows + s.threads === 0
        ? `The demo community is already there: nothing to add (${secs} s).`
        : `Demo community made in ${secs} s: ${made.join(', ')}.`,
    );
    print(`${s.totalUsers} demo members, ${s.premium} premium, ${s.boosted} boosted, each marked Demo; none is ever mailed.`);
    if (s.skippedUsers.length) print(`Left out (a real account has that username or e-mail): ${s.skippedUsers.join(', ')}.`);
    print(
      s.signIn === 'on'
        ? 'Demo members can sign in with SEED_PASSWORD (e-mail: <username>@demo.reelmates.invalid).'
        : 'Demo members cannot sign in (run with SEED_PASSWORD=... to allow it).',
    );
    print(
      'Start the server (npm start), sign up and favorite a few titles: your matches, people to follow and forum discussions are waiting. Remove it all with npm run seed -- --reset.',
    );
    return 0;
  } finally {
    await database.close();
  }
}
