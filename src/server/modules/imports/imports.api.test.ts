import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromFiveStars, fromTenPoints, IMPORT_MAX_ROWS, type ImportJob, type ImportPreview } from '../../../shared/imports';
import { activities, favorites, importJobs, notifications, watchlist } from '../../db/schema';
import type { RealtimeEvent } from '../../realtime/bus';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { imdbRatingsCsv, letterboxdExport, traktExport, UNKNOWN_TITLE } from '../../test/import-fixtures';
import { IMPORT_CHUNK, ImportRunner, importRunner } from './runner';

let t: TestApp;
const events: { audience: unknown; event: RealtimeEvent }[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.deps.events.subscribe((audience, event) => events.push({ audience, event }));
});
afterAll(async () => {
  await importRunner(t.deps).stop();
  await t.close();
});

type User = Awaited<ReturnType<typeof signUpVerified>>;

async function upload(u: User, name: string, content: Uint8Array | string, type = 'text/csv') {
  const form = new FormData();
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type }), name);
  return t.as(u)('/api/me/imports', { method: 'POST', body: form });
}

async function preview(u: User, name: string, content: Uint8Array | string): Promise<ImportPreview> {
  const res = await upload(u, name, content);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ImportPreview;
}

/** Confirms and waits for the runner to finish; answers the final job. */
async function confirm(u: User, p: ImportPreview, choices: { row: number; mediaType: string; mediaId: number }[] = []): Promise<ImportJob> {
  const res = await t.as(u)(`/api/me/imports/${p.id}/confirm`, { method: 'POST', json: { choices } });
  expect(res.status, await res.clone().text()).toBe(202);
  await importRunner(t.deps).idle();
  const job = await t.as(u)(`/api/me/imports/${p.id}`);
  return (await job.json()) as ImportJob;
}

const favoritesOf = (userId: string) => t.deps.database.db.select().from(favorites).where(eq(favorites.userId, userId));
const watchlistOf = (userId: string) => t.deps.database.db.select().from(watchlist).where(eq(watchlist.userId, userId));

describe('rating conversion (ruling 29)', () => {
  it('rounds Letterboxd stars half up and halves IMDb/Trakt points upwards', () => {
    expect([0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5].map(fromFiveStars)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(fromTenPoints)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect([0, -1, 5.5, Number.NaN].map(fromFiveStars)).toEqual([null, null, null, null]);
    expect([0, 11, Number.NaN].map(fromTenPoints)).toEqual([null, null, null]);
  });
});

describe('a Letterboxd export ZIP', () => {
  const fx = letterboxdExport(200);

  it('previews without writing, imports favorites with converted ratings and the watchlist, and a second import adds nothing', async () => {
    const u = await signUpVerified(t);
    const p = await preview(u, 'letterboxd-reelfan-2024-03-15.zip', fx.zip);
    expect(p.source).toBe('letterboxd');
    expect(p.counts.watchedOnly).toBe(fx.watchedOnly.length);
    const unknown = p.rows.find((r) => r.name === UNKNOWN_TITLE.name);
    expect(unknown?.status).toBe('notFound');
    const nosferatu = p.rows.find((r) => r.name === 'Nosferatu');
    expect(nosferatu?.status).toBe('ambiguous');
    expect(nosferatu!.choices.length).toBeGreaterThanOrEqual(2);
    // Every film of the export is found by title and year, odd titles too (WALL·E, 8½, Amélie, commas, quotes).
    for (const { title } of fx.rated) {
      const row = p.rows.find((r) => r.name === title.title && r.year === title.year);
      expect(row?.match, title.title).toMatchObject({ mediaType: 'movie', mediaId: title.id });
    }
    expect(p.counts).toMatchObject({ matched: fx.rated.length + fx.watchlist.length, ambiguous: 1, notFound: 1 });
    // Nothing written before the confirm.
    expect(await favoritesOf(u.id)).toHaveLength(0);
    expect(await watchlistOf(u.id)).toHaveLength(0);

    const before = events.length;
    const pick = nosferatu!.choices[0]!;
    const job = await confirm(u, p, [{ row: nosferatu!.row, mediaType: pick.mediaType, mediaId: pick.mediaId }]);
    expect(job.status).toBe('done');
    expect(job.report).toEqual({ addedFavorites: fx.rated.length + 1, addedWatchlist: fx.watchlist.length, alreadyThere: 0, skipped: 1 + fx.watchedOnly.length });
    const favs = await favoritesOf(u.id);
    expect(favs).toHaveLength(fx.rated.length + 1);
    for (const { title, stars } of fx.rated) expect(favs.find((f) => f.mediaId === title.id)?.userRating, title.title).toBe(fromFiveStars(stars));
    expect(favs.find((f) => f.mediaId === pick.mediaId)?.userRating).toBe(3);
    expect((await watchlistOf(u.id)).map((w) => w.mediaId).sort()).toEqual(fx.watchlist.map((w) => w.id).sort());
    // Watched-only films are not favorites.
    expect(favs.some((f) => fx.watchedOnly.some((w) => w.id === f.mediaId))).toBe(false);
    // Progress after every chunk, to the user alone, ending with done.
    const progress = events.slice(before).filter((e) => e.event.type === 'import-progress');
    expect(progress.length).toBeGreaterThanOrEqual(Math.ceil(job.total / IMPORT_CHUNK));
    expect(progress.every((e) => JSON.stringify(e.audience) === JSON.stringify({ users: [u.id] }))).toBe(true);
    expect(progress.at(-1)?.event).toMatchObject({ status: 'done', processed: job.total, total: job.total });
    // A bulk import is not news: no activity rows, no notifications.
    expect(await t.deps.database.db.select().from(activities).where(eq(activities.actorId, u.id))).toHaveLength(0);

    const again = await confirm(u, await preview(u, 'letterboxd.zip', fx.zip), [{ row: nosferatu!.row, mediaType: pick.mediaType, mediaId: pick.mediaId }]);
    expect(again.report).toMatchObject({ addedFavorites: 0, addedWatchlist: 0, alreadyThere: fx.rated.length + 1 + fx.watchlist.length });
    expect(await favoritesOf(u.id)).toHaveLength(fx.rated.length + 1);
  });

  it('keeps the rating of a title already a favorite', async () => {
    const u = await signUpVerified(t);
    const first = fx.rated.find((r) => r.stars !== 1)!;
    await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: first.title.id, rating: 1 } });
    const job = await confirm(u, await preview(u, 'export.zip', fx.zip));
    expect(job.report.alreadyThere).toBe(1);
    expect((await favoritesOf(u.id)).find((f) => f.mediaId === first.title.id)?.userRating).toBe(1);
  });

  it('reads a single ratings.csv or watchlist.csv of the export', async () => {
    const u = await signUpVerified(t);
    const ratings = 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,"Crouching Tiger, Hidden Dragon",2000,https://boxd.it/1,0.5\n2024-01-01,WALL·E,2008,https://boxd.it/2,2.5\n';
    const p = await preview(u, 'ratings.csv', ratings);
    expect(p.rows.map((r) => [r.name, r.status, r.rating])).toEqual([
      ['Crouching Tiger, Hidden Dragon', 'matched', 1],
      ['WALL·E', 'matched', 3],
    ]);
    const w = await preview(u, 'watchlist.csv', 'Date,Name,Year,Letterboxd URI\n2024-01-01,Amélie,2001,https://boxd.it/3\n');
    expect(w.rows).toMatchObject([{ name: 'Amélie', status: 'matched', rating: null, watchlist: true }]);
  });

  it('reads a title with NUL and other control characters (PostgreSQL keeps no NUL) instead of failing', async () => {
    const u = await signUpVerified(t);
    const p = await preview(u, 'ratings.csv', 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,"Amélie\u0000\u0007",2001,https://boxd.it/3,4\n');
    expect(p.rows).toMatchObject([{ name: 'Amélie', status: 'matched', rating: 4 }]);
  });

  it('refuses a choice the preview did not offer, and a second confirm', async () => {
    const u = await signUpVerified(t);
    const p = await preview(u, 'x.zip', fx.zip);
    const row = p.rows.find((r) => r.status === 'ambiguous')!;
    const bad = await t.as(u)(`/api/me/imports/${p.id}/confirm`, { method: 'POST', json: { choices: [{ row: row.row, mediaType: 'movie', mediaId: 550 }] } });
    expect(bad.status).toBe(400);
    expect(await favoritesOf(u.id)).toHaveLength(0);
    await confirm(u, p);
    const twice = await t.as(u)(`/api/me/imports/${p.id}/confirm`, { method: 'POST', json: { choices: [] } });
    expect(twice.status).toBe(409);
  });
});

describe('IMDb and Trakt', () => {
  it('matches an IMDb ratings.csv by IMDb id and converts 1–10', async () => {
    const u = await signUpVerified(t);
    const fx = imdbRatingsCsv();
    expect(fx.rated.length).toBeGreaterThanOrEqual(20);
    const p = await preview(u, 'ratings.csv', fx.csv);
    expect(p.source).toBe('imdb');
    expect(p.counts).toMatchObject({ matched: fx.rated.length, notFound: 1 });
    const job = await confirm(u, p);
    expect(job.report.addedFavorites).toBe(fx.rated.length);
    const favs = await favoritesOf(u.id);
    for (const { title, points } of fx.rated) expect(favs.find((f) => f.mediaType === title.type && f.mediaId === title.id)?.userRating).toBe(Math.ceil(points / 2));
    const again = await confirm(u, await preview(u, 'ratings.csv', fx.csv));
    expect(again.report.addedFavorites).toBe(0);
  });

  it('reads an IMDb watchlist CSV into the watchlist', async () => {
    const u = await signUpVerified(t);
    const csv =
      'Position,Const,Created,Modified,Description,Title,Original Title,URL,Title Type,IMDb Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors,Your Rating,Date Rated\n1,tt0903747,2024-01-01,2024-01-01,,Breaking Bad,Breaking Bad,https://www.imdb.com/title/tt0903747/,TV Series,9.5,49,2008,Drama,2000000,2008-01-20,,,\n';
    const p = await preview(u, 'WATCHLIST.csv', csv);
    expect(p.rows).toMatchObject([{ status: 'matched', watchlist: true, rating: null, match: { mediaType: 'tv', mediaId: 1396 } }]);
  });

  it('matches a Trakt JSON export by TMDB id', async () => {
    const u = await signUpVerified(t);
    const fx = traktExport();
    const p = await preview(u, 'trakt-export.json', fx.json);
    expect(p.source).toBe('trakt');
    expect(p.counts).toMatchObject({ matched: fx.rated.length + fx.watchlist.length, ambiguous: 0, notFound: 0 });
    const job = await confirm(u, p);
    expect(job.report).toMatchObject({ addedFavorites: fx.rated.length, addedWatchlist: fx.watchlist.length });
    const favs = await favoritesOf(u.id);
    for (const { title, rating } of fx.rated) expect(favs.find((f) => f.mediaType === title.type && f.mediaId === title.id)?.userRating).toBe(Math.ceil(rating / 2));
  });
});

describe('wrong files and limits', () => {
  it('refuses what is not an export, with one clear message', async () => {
    const u = await signUpVerified(t);
    const wrong = [
      ['notes.csv', 'a,b,c\n1,2,3\n'],
      ['data.json', '{"hello": "world"}'],
      ['broken.json', '{"ratings": [ '],
      ['picture.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3])],
      ['other.zip', zipSync({ 'readme.txt': strToU8('hello') })],
      ['bad.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7])],
    ] as const;
    for (const [name, content] of wrong) {
      const res = await upload(u, name, content);
      expect(res.status, name).toBe(400);
      expect((await res.json()).error.message, name).toBe('This file is not a Letterboxd, IMDb or Trakt export.');
    }
    const empty = await upload(u, 'ratings.csv', 'Date,Name,Year,Letterboxd URI,Rating\n');
    expect(empty.status).toBe(400);
    expect(await t.deps.database.db.select().from(importJobs).where(eq(importJobs.userId, u.id))).toHaveLength(0);
  });

  it('refuses more rows than the limit and a file over 10 MB', async () => {
    const u = await signUpVerified(t);
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `2024-01-01,Film ${i},2000,https://boxd.it/${i},3`).join('\n');
    const many = await upload(u, 'ratings.csv', `Date,Name,Year,Letterboxd URI,Rating\n${rows}\n`);
    expect(many.status).toBe(400);
    expect((await many.json()).error.message).toBe('This file has more than 20,000 rows.');
    const big = await upload(u, 'ratings.csv', `Date,Name,Year,Letterboxd URI,Rating\n${'x'.repeat(10 * 1024 * 1024 + 10)}`);
    expect(big.status).toBe(413);
    expect((await big.json()).error.message).toBe('The file must be 10 MB or smaller.');
  });

  it('answers 404 for an import of someone else', async () => {
    const [a, b] = [await signUpVerified(t), await signUpVerified(t)];
    const p = await preview(a, 'ratings.csv', 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Fight Club,1999,https://boxd.it/1,4\n');
    expect((await t.as(b)(`/api/me/imports/${p.id}`)).status).toBe(404);
    expect((await t.as(b)(`/api/me/imports/${p.id}/confirm`, { method: 'POST', json: { choices: [] } })).status).toBe(404);
    expect((await (await t.as(b)('/api/me/imports/current')).json()).job).toBeNull();
  });
});

describe('the background job', () => {
  it('survives a restart: a job half done resumes from its cursor on another runner and writes each title once', async () => {
    const u = await signUpVerified(t);
    const fx = letterboxdExport(200);
    const p = await preview(u, 'export.zip', fx.zip);
    // Confirmed by hand (the route would kick this app's runner at once), then half run as an instance that died.
    const items = p.rows.filter((r) => r.status === 'matched').map((r) => ({ mediaType: r.match!.mediaType, mediaId: r.match!.mediaId, rating: r.rating, watchlist: r.watchlist }));
    await t.deps.database.db.update(importJobs).set({ status: 'queued', items }).where(eq(importJobs.id, p.id));
    const dying = new ImportRunner(t.deps);
    // The first instance writes two chunks, then stops (a crash between chunks leaves the same state).
    let chunks = 0;
    const off = t.deps.events.subscribe((_a, e) => {
      if (e.type === 'import-progress' && e.id === p.id && ++chunks === 2) void dying.stop();
    });
    dying.kick();
    await dying.idle();
    off();
    const [half] = await t.deps.database.db.select().from(importJobs).where(eq(importJobs.id, p.id));
    expect(half!.status).toBe('running');
    expect(half!.cursor).toBe(2 * IMPORT_CHUNK);
    expect(await favoritesOf(u.id)).toHaveLength(half!.addedFavorites);
    // Its heartbeat goes stale; the new instance takes the job up from the cursor.
    await t.deps.database.db
      .update(importJobs)
      .set({ heartbeatAt: new Date(Date.now() - 60_000) })
      .where(eq(importJobs.id, p.id));
    const second = await createTestApp({}, { database: t.deps.database });
    try {
      const runner = importRunner(second.deps);
      runner.kick();
      await runner.idle();
      const job = (await (await t.as(u)(`/api/me/imports/${p.id}`)).json()) as ImportJob;
      expect(job).toMatchObject({ status: 'done', processed: items.length, total: items.length });
      expect(job.report.addedFavorites).toBe(fx.rated.length);
      expect(job.report.alreadyThere).toBe(0);
      expect(await favoritesOf(u.id)).toHaveLength(fx.rated.length);
      expect((await (await t.as(u)('/api/me/imports/current')).json()).job.id).toBe(p.id);
    } finally {
      await importRunner(second.deps).stop();
      await second.close();
    }
  });

  it('is run by one instance when two runners look at once (FOR UPDATE SKIP LOCKED)', async () => {
    const u = await signUpVerified(t);
    const fx = letterboxdExport(120);
    const p = await preview(u, 'export.zip', fx.zip);
    const items = p.rows.filter((r) => r.status === 'matched').map((r) => ({ mediaType: r.match!.mediaType, mediaId: r.match!.mediaId, rating: r.rating, watchlist: r.watchlist }));
    await t.deps.database.db.update(importJobs).set({ status: 'queued', items }).where(eq(importJobs.id, p.id));
    const other = await createTestApp({}, { database: t.deps.database });
    try {
      const runners = [importRunner(t.deps), importRunner(other.deps)];
      for (const r of runners) r.kick();
      await Promise.all(runners.map((r) => r.idle()));
      const job = (await (await t.as(u)(`/api/me/imports/${p.id}`)).json()) as ImportJob;
      expect(job).toMatchObject({ status: 'done', processed: items.length });
      expect(job.report).toMatchObject({ addedFavorites: fx.rated.length, addedWatchlist: fx.watchlist.length, alreadyThere: 0 });
      expect(await favoritesOf(u.id)).toHaveLength(fx.rated.length);
    } finally {
      await importRunner(other.deps).stop();
      await other.close();
    }
  });

  it('sends no new-favorite notifications to followers', async () => {
    const [a, follower] = [await signUpVerified(t), await signUpVerified(t)];
    await t.as(follower)(`/api/follows/${a.id}`, { method: 'POST' });
    await confirm(
      a,
      await preview(a, 'ratings.csv', 'Date,Name,Year,Letterboxd URI,Rating\n2024-01-01,Fight Club,1999,https://boxd.it/1,4\n2024-01-01,The Matrix,1999,https://boxd.it/2,5\n'),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, follower.id))).toHaveLength(0);
    expect(await favoritesOf(a.id)).toHaveLength(2);
  });
});
