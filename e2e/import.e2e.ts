import { mkdirSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fromFiveStars } from '../src/shared/imports';
import { imdbRatingsCsv, letterboxdExport, traktExport } from '../src/server/test/import-fixtures';
import { useApp } from './support/app';
import { screenshotAt } from './support/browser';

// Every upload answers at once with its progress, so the card's 'Matching your titles…' path is what the browser sees (the
// in-request answer for quick files is covered by the API tests).
const app = useApp({ env: { IMPORT_PREVIEW_WAIT_SECONDS: '0' } });
const SHOTS = '/tmp/shots-import';
mkdirSync(SHOTS, { recursive: true });
const ROUNDTRIP_SHOTS = '/tmp/shots-roundtrip';
mkdirSync(ROUNDTRIP_SHOTS, { recursive: true });

/** The download link of the latest 'Your Reelmates data is ready' mail to `to`. */
async function exportLink(to: string): Promise<URL> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const mail = ((await res.json()) as { mails: { subject: string; text: string }[] }).mails.find((m) => m.subject === 'Your Reelmates data is ready');
    const link = mail?.text.match(/Download my data: (\S+)/)?.[1];
    if (link) return new URL(link);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no data export mail');
}

type Lists = { favorites: { mediaType: string; mediaId: number; rating: number }[]; watchlist: { mediaType: string; mediaId: number }[] };
const sorted = <T extends { mediaType: string; mediaId: number }>(rows: T[]) => [...rows].sort((a, b) => a.mediaType.localeCompare(b.mediaType) || a.mediaId - b.mediaId);

describe('import your history (issue 21 part 1)', () => {
  it('imports a Letterboxd export in the browser: preview, progress, report; the profile shows the favorites with converted ratings; importing again changes nothing', async () => {
    const fx = letterboxdExport(200);
    const { page } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'importer' });
    await page.goto(`${app.url}/settings#import`);
    const card = page.locator('#import');
    await card.getByText('Import your history', { exact: true }).waitFor();
    await screenshotAt(page, SHOTS, 'card', 1280, card);

    // A wrong file is refused with a clear message.
    await card.getByLabel('Export file').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await card.getByRole('alert').getByText('This file is not a Letterboxd, IMDb or Trakt export.').waitFor();

    await card.getByLabel('Export file').setInputFiles({ name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: Buffer.from(fx.zip) });
    const summary = card.getByRole('status').filter({ hasText: 'matched' });
    await summary.waitFor();
    const matched = fx.rated.length + fx.watchlist.length;
    expect(await summary.innerText()).toContain(`${matched} matched · 1 need a choice · 1 not found · ${fx.watchedOnly.length} watched only`);
    // Nothing written before the confirm.
    const lists = await (await page.request.get(`${app.url}/api/me/lists`)).json();
    expect(lists.favorites).toHaveLength(0);
    // The ambiguous 'Nosferatu' gets a choice.
    const pick = card.getByLabel(/^Nosferatu/);
    const options = await pick.locator('option').allInnerTexts();
    expect(options[0]).toBe('Skip');
    await pick.selectOption({ index: 1 });
    await screenshotAt(page, SHOTS, 'preview', 1280, card);
    await screenshotAt(page, SHOTS, 'preview', 390, card);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Progress: the events move a bar from the stream; the test watches it from the page's own fetches too.
    await card.getByRole('button', { name: `Import ${matched + 1} titles` }).click();
    const report = card.getByText('Import finished');
    await card.getByRole('progressbar').or(report).first().waitFor();
    await report.waitFor({ timeout: 30_000 });
    const figures = await card.locator('dl').innerText();
    expect(figures).toContain(`Added to favorites\n${fx.rated.length + 1}`);
    expect(figures).toContain(`Added to watchlist\n${fx.watchlist.length}`);
    expect(figures).toContain('Already there\n0');
    await screenshotAt(page, SHOTS, 'report', 1280, card);
    await screenshotAt(page, SHOTS, 'report', 390, card);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The profile shows the favorites with the converted ratings.
    await page.goto(`${app.url}/profile`);
    await page.waitForURL(/\/profile\/[^/]+$/);
    await page.getByRole('tab', { name: `Movies (${fx.rated.length + 1})` }).waitFor();
    const movies = page.getByRole('list', { name: 'favorites items' });
    // The list is long: the profile's own search finds the sample.
    const sample = fx.rated.find((r) => r.stars === 2.5)!;
    await page.getByRole('searchbox', { name: 'Search favorites' }).fill(sample.title.title);
    const item = movies.getByRole('listitem').filter({ has: page.getByRole('link', { name: sample.title.title, exact: true }) });
    await item.getByRole('img', { name: `Rated ${fromFiveStars(sample.stars)} of 5 stars` }).waitFor();

    // Importing the same file again changes nothing.
    await page.goto(`${app.url}/settings#import`);
    await card.getByRole('button', { name: 'Import another file' }).click();
    await card.getByLabel('Export file').setInputFiles({ name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: Buffer.from(fx.zip) });
    await card.getByLabel(/^Nosferatu/).selectOption({ index: 1 });
    await card.getByRole('button', { name: `Import ${matched + 1} titles` }).click();
    await report.waitFor({ timeout: 30_000 });
    const second = await card.locator('dl').innerText();
    expect(second).toContain('Added to favorites\n0');
    expect(second).toContain('Added to watchlist\n0');
    expect(second).toContain(`Already there\n${fx.rated.length + 1 + fx.watchlist.length}`);
    const after = await (await page.request.get(`${app.url}/api/me/lists`)).json();
    expect(after.favorites).toHaveLength(fx.rated.length + 1);
  });

  it('matches a large file in the background: the card shows how far matching is, then the preview', async () => {
    // 5,000 rows: the upload answers at once (IMPORT_PREVIEW_WAIT_SECONDS=0), and matching takes a few seconds.
    const fx = letterboxdExport(5_000);
    const { page } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'bigfile' });
    await page.goto(`${app.url}/settings#import`);
    const card = page.locator('#import');
    await card.getByLabel('Export file').setInputFiles({ name: 'letterboxd-export.zip', mimeType: 'application/zip', buffer: Buffer.from(fx.zip) });
    const matching = card.getByRole('progressbar', { name: /^Matching your titles… [\d,]+ of [\d,]+$/ });
    // It failed once in a clean-clone run (28 November) and not in seven runs here: if it fails again, say what the card showed instead.
    await matching.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`no matching progress within 30 s; the card said: ${JSON.stringify(await card.innerText().catch(() => '(unreadable)'))}`, { cause: error });
    });
    await screenshotAt(page, SHOTS, 'matching', 1280, card);
    await screenshotAt(page, SHOTS, 'matching', 390, card);
    await page.setViewportSize({ width: 1280, height: 900 });
    const summary = card.getByRole('status').filter({ hasText: 'matched' });
    await summary.waitFor({ timeout: 90_000 });
    expect(await summary.innerText()).toContain(`${fx.rated.length + fx.watchlist.length} matched · 1 need a choice ·`);
    await card.getByRole('button', { name: 'Cancel' }).click();
  });

  it('imports an IMDb ratings CSV and then a Trakt JSON export, each matched by id, and a second IMDb import adds nothing', async () => {
    const imdb = imdbRatingsCsv();
    const trakt = traktExport();
    const { page } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'imdbfan' });
    await page.goto(`${app.url}/settings#import`);
    const card = page.locator('#import');
    const report = card.getByText('Import finished');
    const run = async (name: string, mimeType: string, body: string, expected: number) => {
      await card.getByLabel('Export file').setInputFiles({ name, mimeType, buffer: Buffer.from(body) });
      await card.getByRole('button', { name: `Import ${expected} titles` }).click();
      await report.waitFor({ timeout: 30_000 });
      const figures = await card.locator('dl').innerText();
      await card.getByRole('button', { name: 'Import another file' }).click();
      return figures;
    };
    expect(await run('ratings.csv', 'text/csv', imdb.csv, imdb.rated.length)).toContain(`Added to favorites\n${imdb.rated.length}`);
    // Trakt's titles partly overlap IMDb's: those are already there.
    const overlap = trakt.rated.filter((r) => imdb.rated.some((i) => i.title.type === r.title.type && i.title.id === r.title.id)).length;
    const traktFigures = await run('trakt-export.json', 'application/json', trakt.json, trakt.rated.length + trakt.watchlist.length);
    expect(traktFigures).toContain(`Added to favorites\n${trakt.rated.length - overlap}`);
    expect(traktFigures).toContain(`Added to watchlist\n${trakt.watchlist.length}`);
    expect(await run('ratings.csv', 'text/csv', imdb.csv, imdb.rated.length)).toContain('Added to favorites\n0');

    // The profile shows an IMDb 1–10 rating halved upwards (a title Trakt did not rate, so IMDb's rating stands).
    const sample = imdb.rated.find((r) => r.points === 7 && !trakt.rated.some((x) => x.title.id === r.title.id && x.title.type === r.title.type))!;
    await page.goto(`${app.url}/profile`);
    await page.waitForURL(/\/profile\/[^/]+$/);
    if (sample.title.type === 'tv') await page.getByRole('tab', { name: /^TV Shows/ }).click();
    await page.getByRole('searchbox', { name: 'Search favorites' }).fill(sample.title.title);
    const item = page
      .getByRole('list', { name: 'favorites items' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: sample.title.title, exact: true }) });
    await item.getByRole('img', { name: 'Rated 4 of 5 stars' }).waitFor();
  });

  it('round-trips a Reelmates data export: the whole ZIP and its favorites CSV, imported into fresh accounts, give the same lists', async () => {
    const owner = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'leaver' });
    const post = (path: string, data: unknown) => owner.context.request.post(`${app.url}${path}`, { data });
    for (const f of [
      { mediaType: 'movie', mediaId: 550, rating: 4 },
      { mediaType: 'movie', mediaId: 146, rating: 2 },
      { mediaType: 'tv', mediaId: 1396, rating: 5 },
    ])
      expect((await post('/api/me/favorites', f)).ok()).toBe(true);
    for (const w of [
      { mediaType: 'movie', mediaId: 13 },
      { mediaType: 'tv', mediaId: 1438 },
    ])
      expect((await post('/api/me/watchlist', w)).ok()).toBe(true);
    const mine = (await (await owner.context.request.get(`${app.url}/api/me/lists`)).json()) as Lists;
    expect((await owner.context.request.post(`${app.url}/api/me/data-export`)).status()).toBe(202);
    const token = (await exportLink(owner.email)).searchParams.get('export');
    const zipRes = await owner.context.request.get(`${app.url}/api/me/data-export/download/${token}`);
    expect(zipRes.status()).toBe(200);
    const zip = await zipRes.body();
    await owner.context.close();

    const importInto = async (prefix: string, name: string, mimeType: string, buffer: Buffer, titles: number, shots: boolean) => {
      const { page, context } = await app.signedIn({ width: 1280, height: 900 }, { prefix });
      await page.goto(`${app.url}/settings#import`);
      const card = page.locator('#import');
      await card.getByLabel('Export file').setInputFiles({ name, mimeType, buffer });
      const summary = card.getByRole('status').filter({ hasText: 'matched' });
      await summary.waitFor();
      expect(await summary.innerText()).toContain(`${titles} matched · 0 need a choice · 0 not found`);
      if (shots) {
        await screenshotAt(page, ROUNDTRIP_SHOTS, 'preview-reelmates-zip', 1280, card);
        await screenshotAt(page, ROUNDTRIP_SHOTS, 'preview-reelmates-zip', 390, card);
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await card.getByRole('button', { name: `Import ${titles} titles` }).click();
      await card.getByText('Import finished').waitFor({ timeout: 30_000 });
      if (shots) await screenshotAt(page, ROUNDTRIP_SHOTS, 'report-reelmates-zip', 1280, card);
      const lists = (await (await page.request.get(`${app.url}/api/me/lists`)).json()) as Lists;
      await context.close();
      return lists;
    };

    // The whole ZIP: films and series, the same ratings, the same watchlist.
    const fromZip = await importInto('zipback', 'reelmates-data.zip', 'application/zip', zip, 5, true);
    expect(sorted(fromZip.favorites)).toEqual(sorted(mine.favorites));
    expect(sorted(fromZip.watchlist)).toEqual(sorted(mine.watchlist));

    // Its Letterboxd CSV: the film favorites with their ratings (series are not in it).
    const csv = Buffer.from(unzipSync(new Uint8Array(zip))['favorites-letterboxd.csv']!);
    const fromCsv = await importInto('csvback', 'favorites-letterboxd.csv', 'text/csv', csv, 2, false);
    expect(sorted(fromCsv.favorites)).toEqual(sorted(mine.favorites.filter((f) => f.mediaType === 'movie')));
    expect(fromCsv.watchlist).toEqual([]);
  });
});
