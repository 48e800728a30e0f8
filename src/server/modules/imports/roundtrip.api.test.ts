import { desc, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob, ImportPreview } from '../../../shared/imports';
import { favorites, mailOutbox, watchlist } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { drainExports } from '../data-export/jobs';
import { importRunner } from './runner';

// The export -> import round trip (issue 21, decisions 053 and 056), on PGlite and PostgreSQL: what
// 'Download my data' writes, imported into a fresh account, gives the same lists.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await importRunner(t.deps).stop();
  await t.close();
});

type User = Awaited<ReturnType<typeof signUpVerified>>;
const db = () => t.deps.database.db;

async function ok(u: User, method: string, path: string, json?: unknown) {
  const res = await t.as(u)(path, { method, ...(json === undefined ? {} : { json }) });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** Asks for the export, runs its job, follows the mailed link: the ZIP's bytes. */
async function exportZip(u: User): Promise<Uint8Array> {
  expect((await t.as(u)('/api/me/data-export', { method: 'POST' })).status).toBe(202);
  await drainExports(t.deps);
  const [mail] = await db().select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.to, u.email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const token = mail?.text.match(/\/settings\?export=([A-Za-z0-9_-]{43})#data-export/)?.[1];
  expect(token).toBeTruthy();
  const res = await t.as(u)(`/api/me/data-export/download/${token}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** Uploads a file, expects every row matched, confirms, and waits for the job to end. */
async function importFile(u: User, name: string, bytes: Uint8Array, type: string): Promise<{ preview: ImportPreview; job: ImportJob }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await t.as(u)('/api/me/imports', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(201);
  const preview = (await res.json()) as ImportPreview;
  expect(preview.counts).toMatchObject({ ambiguous: 0, notFound: 0, watchedOnly: 0 });
  expect((await ok(u, 'POST', `/api/me/imports/${preview.id}/confirm`, { choices: [] })).status).toBe(202);
  await importRunner(t.deps).idle();
  const job = (await (await ok(u, 'GET', `/api/me/imports/${preview.id}`)).json()) as ImportJob;
  expect(job.status).toBe('done');
  return { preview, job };
}

const byKey = <T extends { mediaType: string; mediaId: number }>(rows: T[]) => [...rows].sort((a, b) => a.mediaType.localeCompare(b.mediaType) || a.mediaId - b.mediaId);
const favoritesOf = async (userId: string) =>
  byKey(
    await db()
      .select({ mediaType: favorites.mediaType, mediaId: favorites.mediaId, title: favorites.title, rating: favorites.userRating })
      .from(favorites)
      .where(eq(favorites.userId, userId)),
  );
const watchlistOf = async (userId: string) =>
  byKey(await db().select({ mediaType: watchlist.mediaType, mediaId: watchlist.mediaId, title: watchlist.title }).from(watchlist).where(eq(watchlist.userId, userId)));

describe('export -> import round trip', () => {
  it('gives a fresh account the same film favorites from the CSV, and the same favorites and watchlist from the whole ZIP', async () => {
    const [owner, fromCsv, fromZip] = await Promise.all([signUpVerified(t), signUpVerified(t), signUpVerified(t)]);
    // Films (one with a comma and one with an apostrophe in its title) and series, every rating 1 to 5.
    const favs = [
      { mediaType: 'movie', mediaId: 550, rating: 4 },
      { mediaType: 'movie', mediaId: 146, rating: 1 },
      { mediaType: 'movie', mediaId: 510, rating: 5 },
      { mediaType: 'movie', mediaId: 680, rating: 2 },
      { mediaType: 'tv', mediaId: 1396, rating: 5 },
      { mediaType: 'tv', mediaId: 1399, rating: 3 },
    ];
    for (const f of favs) await ok(owner, 'POST', '/api/me/favorites', f);
    for (const w of [
      { mediaType: 'movie', mediaId: 13 },
      { mediaType: 'movie', mediaId: 550 },
      { mediaType: 'tv', mediaId: 1438 },
    ])
      await ok(owner, 'POST', '/api/me/watchlist', w);
    const ownerFavorites = await favoritesOf(owner.id);
    const ownerWatchlist = await watchlistOf(owner.id);
    expect(ownerFavorites.map((f) => [f.mediaType, f.mediaId, f.rating])).toEqual(byKey(favs).map((f) => [f.mediaType, f.mediaId, f.rating]));
    expect(ownerWatchlist).toHaveLength(3);

    const zip = await exportZip(owner);
    const csv = unzipSync(zip)['favorites-letterboxd.csv']!;
    expect(strFromU8(csv).split('\r\n')[0]).toBe('tmdbID,Title,Year,Rating');

    // (a) The Letterboxd CSV: the same film favorites with the same ratings (series are not in it), nothing on the watchlist.
    const a = await importFile(fromCsv, 'favorites-letterboxd.csv', csv, 'text/csv');
    expect(a.preview.source).toBe('letterboxd');
    expect(a.job.report).toEqual({ addedFavorites: 4, addedWatchlist: 0, alreadyThere: 0, skipped: 0 });
    expect(await favoritesOf(fromCsv.id)).toEqual(ownerFavorites.filter((f) => f.mediaType === 'movie'));
    expect(await watchlistOf(fromCsv.id)).toEqual([]);

    // (b) The whole ZIP: the same favorites, films and series, with the same ratings, and the same watchlist.
    const b = await importFile(fromZip, 'reelmates-data.zip', zip, 'application/zip');
    expect(b.preview.source).toBe('reelmates');
    expect(b.preview.counts.rows).toBe(8); // Fight Club is a favorite and on the watchlist: one row.
    expect(b.job.report).toEqual({ addedFavorites: 6, addedWatchlist: 3, alreadyThere: 0, skipped: 0 });
    expect(await favoritesOf(fromZip.id)).toEqual(ownerFavorites);
    expect(await watchlistOf(fromZip.id)).toEqual(ownerWatchlist);

    // Importing the same ZIP again changes nothing.
    const again = await importFile(fromZip, 'reelmates-data.zip', zip, 'application/zip');
    expect(again.job.report).toEqual({ addedFavorites: 0, addedWatchlist: 0, alreadyThere: 9, skipped: 0 });
    expect(await favoritesOf(fromZip.id)).toEqual(ownerFavorites);
    expect(await watchlistOf(fromZip.id)).toEqual(ownerWatchlist);
  });
});
