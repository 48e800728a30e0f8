import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client';
import { runMigrations } from './migrate';
import { sql } from 'drizzle-orm';

// Several instances starting together on one new PostgreSQL database: one migrates, the others wait.
// Runs in the api-postgres project only (*.pg.api.test.ts).
describe('migrations on PostgreSQL', () => {
  it('are applied once when three instances start at the same moment', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `reelmates_migrate_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3 })));
    try {
      await Promise.all(handles.map((h) => runMigrations(h)));
      const applied = await queryRows<{ n: number }>(handles[0]!.db, sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
      const journal = (await import('../../../drizzle/meta/_journal.json', { with: { type: 'json' } })).default as { entries: unknown[] };
      expect(applied[0]!.n).toBe(journal.entries.length);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
