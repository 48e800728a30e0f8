import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromFiveStars } from '../src/shared/imports';
import { imdbRatingsCsv, letterboxdExport, traktExport } from '../src/server/test/import-fixtures';
import { useApp } from './support/app';
import { screenshotAt } from './support/browser';

const app = useApp();
const SHOTS = '/tmp/shots-import';
mkdirSync(SHOTS, { recursive: true });

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
});
