import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** The drizzle/ folder of generated migrations, found from this file whether bundled or not. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Could not find the drizzle/ migrations folder');
}

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (handle.kind === 'pglite') await migratePglite(handle.db as unknown as PgliteDatabase, config);
  else await migratePg(handle.db as unknown as NodePgDatabase, config);
}
