import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importMessages, type ImportPreview, type ImportRow } from '../../../shared/imports';
import { importJobs } from '../../db/schema';
import type { Catalogue } from '../../integrations/catalogue';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { letterboxdExport } from '../../test/import-fixtures';
import { matchEntries } from './match';
import { parseImportFile } from './parse';
import { matchPreview, type MatchingState } from './preview-matcher';
import { ImportRunner, importRunner } from './runner';

// A preview whose matching outlasts the upload (TMDB: minutes for a large file), on PGlite and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await importRunner(t.deps).stop();
  await t.close();
});

const fx = letterboxdExport(120);
const db = () => t.deps.database.db;

/** The app's catalogue, whose lookups wait until `open()`: an upstream slower than the upload may wait. */
function gatedCatalogue() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const base = t.deps.catalogue;
  const wait =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      await gate;
      return fn(...args);
    };
  const catalogue: Catalogue = {
    ...base,
    searchMovies: wait(base.searchMovies.bind(base)),
    searchTVShows: wait(base.searchTVShows.bind(base)),
    getDetails: wait(base.getDetails.bind(base)),
    findByImdbId: wait(base.findByImdbId.bind(base)),
  };
  return { catalogue, open };
}

/** What the whole file matches to at once, for comparing. */
async function expectedRows(): Promise<ImportRow[]> {
  const parsed = await parseImportFile('letterboxd.zip', fx.zip);
  return matchEntries(t.deps.catalogue, parsed.entries);
}

async function upload(app: TestApp['as'], u: Awaited<ReturnType<typeof signUpVerified>>) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(fx.zip)], { type: 'application/zip' }), 'letterboxd.zip');
  const res = await app(u)('/api/me/imports', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ImportPreview;
}

/** A preview row left `matching` with these rows checkpointed (the file's entries stored as the upload does). */
async function matchingRow(rows: ImportRow[] = [], heartbeatAt = new Date()) {
  const u = await signUpVerified(t);
  const parsed = await parseImportFile('letterboxd.zip', fx.zip);
  const state: MatchingState = { entries: parsed.entries, watchedOnly: parsed.watchedOnly, rows };
  const [row] = await db()
    .insert(importJobs)
    .values({ userId: u.id, source: 'letterboxd', status: 'matching', preview: state, cursor: rows.length, heartbeatAt })
    .returning({ id: importJobs.id });
  return { u, id: row!.id };
}

describe('a preview matched in the background', () => {
  it('answers `matching` when the catalogue is slow, refuses a confirm until ready, then gives the same preview as at once', async () => {
    const { catalogue, open } = gatedCatalogue();
    const slow = await createTestApp({}, { database: t.deps.database, catalogue });
    importRunner(slow.deps).previewWaitMs = 50;
    try {
      const u = await signUpVerified(slow);
      const first = await upload(slow.as, u);
      expect(first).toMatchObject({ status: 'matching', progress: { processed: 0, total: fx.rated.length + fx.watchlist.length + 2 }, rows: [] });
      const confirm = await slow.as(u)(`/api/me/imports/${first.id}/confirm`, { method: 'POST', json: { choices: [] } });
      expect(confirm.status).toBe(409);
      expect(((await confirm.json()) as { error: { message: string } }).error.message).toBe(importMessages.stillMatching);
      // Someone else cannot read it.
      const other = await signUpVerified(slow);
      expect((await slow.as(other)(`/api/me/imports/${first.id}/preview`)).status).toBe(404);

      open();
      let ready: ImportPreview | undefined;
      await vi.waitFor(
        async () => {
          ready = (await (await slow.as(u)(`/api/me/imports/${first.id}/preview`)).json()) as ImportPreview;
          expect(ready.status).toBe('ready');
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(ready!.rows).toEqual(await expectedRows());
      expect(ready!.progress).toEqual({ processed: ready!.rows.length, total: ready!.rows.length });
      expect(ready!.counts).toMatchObject({ matched: fx.rated.length + fx.watchlist.length, ambiguous: 1, notFound: 1 });
      expect((await slow.as(u)(`/api/me/imports/${first.id}/confirm`, { method: 'POST', json: { choices: [] } })).status).toBe(202);
    } finally {
      await importRunner(slow.deps).stop();
      await slow.close();
    }
  });

  it('goes on from its last checkpoint on another runner when its instance stopped, and keeps each row once', async () => {
    const all = await expectedRows();
    // An instance matched the first 30 rows, checkpointed them and died (its heartbeat is old).
    const kept = all.slice(0, 30).map((r) => ({ ...r, name: `${r.name} (checkpointed)` }));
    const { u, id } = await matchingRow(kept, new Date(Date.now() - 60_000));

    const runner = new ImportRunner(t.deps);
    runner.kick();
    await runner.idle();
    await runner.stop();
    const preview = (await (await t.as(u)(`/api/me/imports/${id}/preview`)).json()) as ImportPreview;
    expect(preview.status).toBe('ready');
    // The checkpointed rows as they were (not matched again), then the rest, each row number once.
    expect(preview.rows.map((r) => r.row)).toEqual(all.map((r) => r.row));
    expect(preview.rows.slice(0, 30)).toEqual(kept);
    expect(preview.rows.slice(30)).toEqual(all.slice(30));
  });

  it('two matchers at once: one finishes it, the other stops at its first checkpoint', async () => {
    const { id } = await matchingRow();
    const results = await Promise.all([matchPreview(t.deps, id), matchPreview(t.deps, id)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const [stored] = await db().select({ preview: importJobs.preview, status: importJobs.status }).from(importJobs).where(eq(importJobs.id, id));
    expect(stored!.status).toBe('preview');
    expect((stored!.preview as { rows: ImportRow[] }).rows).toEqual(await expectedRows());
  });

  it('a preview deleted while it is matched (the owner made more) stops its matcher', async () => {
    const { id } = await matchingRow();
    await db().execute(sql`DELETE FROM import_jobs WHERE id = ${id}`);
    expect(await matchPreview(t.deps, id)).toBe(false);
  });
});
