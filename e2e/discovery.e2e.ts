import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeTmdb, startFakeTmdb } from '../src/server/integrations/catalogue/tmdb/fake-tmdb-server';
import { takeAllFoundingSpots, useApp } from './support/app';
import { screenshotAt, watchedPage } from './support/browser';
import { signUpOverApi, uniqueUser } from './support/journeys';

// Issue 18's "Done when", tried as a new user would: two servers (TMDB through a local fake, then offline) and 25 sign-ups.
vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });
const SHOTS = '/tmp/shots-discovery';
mkdirSync(SHOTS, { recursive: true });
const shots = async (page: Page, name: string, at?: Locator) => {
  await screenshotAt(page, SHOTS, name, 390, at);
  await screenshotAt(page, SHOTS, name, 1280, at);
};
// expect.poll gives up after 1 s unless told: pages and their lists take longer on a busy machine.
const WAIT = { timeout: 20_000 };
const urlHas = (page: Page, name: string, value: string | null) => page.waitForURL((url) => url.searchParams.get(name) === value);

/**
 * Waits until the grid named `heading` holds `count` cards, each with the badge "Rated {rating}" (the grid
 * of the previous filter may stay on screen while the new one loads, so both are asked together).
 */
async function expectRatedCards(page: Page, heading: string, count: number, rating: string) {
  const grid = page.getByRole('list', { name: heading, exact: true });
  const seen = async () => [await grid.getByRole('article').count(), await grid.getByText(`Rated ${rating}`, { exact: true }).count()];
  await expect.poll(seen, WAIT).toEqual([count, count]);
}

describe('the rating filter with TMDB (a local fake replaying recorded lists)', () => {
  let tmdb: FakeTmdb;
  beforeAll(async () => {
    tmdb = await startFakeTmdb();
  });
  afterAll(async () => {
    await tmdb?.close();
  });
  // Poster images point at image.tmdb.org, which this machine cannot reach: those loads fail.
  const app = useApp({ env: () => ({ TMDB_API_KEY: 'test-key', TMDB_BASE_URL: tmdb.baseUrl }), allowConsoleErrors: [/Failed to load resource/] });

  it('Trending + PG-13 and Popular + R show full pages of cards that each show their rating, and Load More goes on', async () => {
    // The fake's trending pages hold 60 recorded movies: 21 rated PG-13 and 25 rated R (fixtures/us-certifications.json).
    const { context, page, watch } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'rater' });
    await page.getByRole('radio', { name: 'Trending', exact: true }).click();
    await urlHas(page, 'mode', 'trending');
    await page.getByLabel('Rating', { exact: true }).selectOption('PG-13');
    await urlHas(page, 'rating', 'PG-13');
    await expectRatedCards(page, 'Trending this week', 20, 'PG-13');
    await shots(page, 'trending-pg13');
    await page.getByRole('button', { name: 'Load More', exact: true }).click();
    await expectRatedCards(page, 'Trending this week', 21, 'PG-13');
    // All 21 are in: the end is known, nothing more to load.
    await expect.poll(() => page.getByRole('button', { name: 'Load More', exact: true }).count(), WAIT).toBe(0);
    // A PG-13 rates movies: trending movies were read, each of the three pages once.
    expect(tmdb.requestsTo('/3/trending/movie/week').map((r) => r.query.get('page'))).toEqual(['1', '2', '3']);

    await page.getByRole('radio', { name: 'Popular', exact: true }).click();
    await urlHas(page, 'mode', 'popular');
    await page.getByLabel('Rating', { exact: true }).selectOption('R');
    await urlHas(page, 'rating', 'R');
    await expectRatedCards(page, 'Popular right now', 20, 'R');
    await shots(page, 'popular-r');
    await page.getByRole('button', { name: 'Load More', exact: true }).click();
    await expectRatedCards(page, 'Popular right now', 25, 'R');
    await expect.poll(() => page.getByRole('button', { name: 'Load More', exact: true }).count(), WAIT).toBe(0);
    // Popular + R asks TMDB's discovery with the rating and US, page after page (Popular came up with PG-13 still picked first).
    const discoverR = tmdb.requestsTo('/3/discover/movie').filter((r) => r.query.get('certification') === 'R');
    expect(discoverR.map((r) => [r.query.get('certification_country'), r.query.get('sort_by'), r.query.get('page')])).toEqual([
      ['US', 'popularity.desc', '1'],
      ['US', 'popularity.desc', '2'],
    ]);

    expect(watch.externalRequests.every((url) => url.startsWith('https://image.tmdb.org/'))).toBe(true);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('discovery offline (the default catalogue)', () => {
  // Behind a proxy that passes on the client's address: the 25 people below sign up from networks of their own.
  const app = useApp({ env: { TRUST_PROXY: 'true' } });

  it('a newcomer with no search and no filters sees the four rows with real titles, and a card opens its related titles, with the mouse and the keyboard', async () => {
    const { context, page, watch } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'newbie' });
    const rows = { 'Now Playing': 'now_playing', Upcoming: 'upcoming', 'Top Rated': 'top_rated?type=movie', 'On the Air': 'on_the_air' };
    for (const [row, list] of Object.entries(rows)) {
      // Each row is its catalogue list (lazy: it loads once scrolled near), the titles in the list's order.
      const cards = page.getByRole('list', { name: row, exact: true });
      await cards.scrollIntoViewIfNeeded();
      await expect.poll(() => cards.getByRole('article').count(), WAIT).toBeGreaterThanOrEqual(5);
      const answer = (await (await context.request.get(`${app.url}/api/catalogue/lists/${list}`)).json()) as { results: { title: string }[] };
      expect(await cards.getByRole('heading', { level: 3 }).allTextContents()).toEqual(answer.results.map((t) => t.title));
    }
    await shots(page, 'discover-rows', page.getByRole('heading', { name: 'Now Playing', exact: true }));

    // The mouse: the toggle on the first Now Playing card opens that title's related titles.
    const nowPlaying = page.getByRole('list', { name: 'Now Playing', exact: true });
    const first = (await nowPlaying.getByRole('heading', { level: 3 }).first().textContent())!;
    const toggle = nowPlaying.getByRole('button', { name: `Related Titles of ${first}`, exact: true });
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: 'Related Titles' });
    await dialog.getByText(`Movies and TV shows like ${first}.`, { exact: true }).waitFor();
    const related = dialog.getByRole('list', { name: 'Related titles', exact: true });
    await expect.poll(() => related.getByRole('article').count(), WAIT).toBeGreaterThan(0);
    expect(await related.getByRole('link', { name: first, exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus comes back to the toggle (Radix restores it a task after the dialog unmounts); Enter opens the modal again, and Escape closes it.
    await expect.poll(() => toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await related.getByRole('article').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Tabbing from the card's link reaches its toggle; Space opens it too.
    const secondCard = nowPlaying.getByRole('article').nth(1);
    const second = (await secondCard.getByRole('heading', { level: 3 }).textContent())!;
    await secondCard.getByRole('link').first().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Related Titles of ${second}`);
    await page.keyboard.press('Space');
    await dialog.getByText(`Movies and TV shows like ${second}.`, { exact: true }).waitFor();
    await page.keyboard.press('Escape');

    // A filter hides the rows: the grid is the filtered one.
    await page.getByLabel('Rating', { exact: true }).selectOption('PG-13');
    await urlHas(page, 'rating', 'PG-13');
    await page.getByRole('list', { name: 'Now Playing', exact: true }).waitFor({ state: 'detached' });

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('on /search, a common name shows 10 users and Load More pages on to all 25', async () => {
    // 25 people sharing a name part, made over the API, a few at a time (one address may sign up 10 an hour).
    const common = `kino${Date.now().toString(36)}`;
    const people = Array.from({ length: 25 }, () => uniqueUser(common));
    for (let i = 0; i < people.length; i += 5) await Promise.all(people.slice(i, i + 5).map((u, j) => signUpOverApi(app.url, u, `203.0.113.${i + j + 1}`)));

    const { context, page, watch } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'seeker' });
    await page.goto(`${app.url}/search?q=${common}`);
    const users = page.getByRole('list', { name: 'Users', exact: true });
    await expect.poll(() => users.getByRole('link').count(), WAIT).toBe(10);
    await page.getByRole('region', { name: 'Users', exact: true }).getByText('10+ results', { exact: true }).waitFor();
    await shots(page, 'search-users');
    const loadMore = page.getByRole('region', { name: 'Users', exact: true }).getByRole('button', { name: 'Load More', exact: true });
    await loadMore.click();
    await expect.poll(() => users.getByRole('link').count(), WAIT).toBe(20);
    await loadMore.click();
    await expect.poll(() => users.getByRole('link').count(), WAIT).toBe(25);
    await loadMore.waitFor({ state: 'detached' });
    const shown = await users.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(new Set(shown).size).toBe(25);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  });

  it('the header: a visitor has the user search box; a signed-in user has the search icon, which opens /search', async () => {
    const visitor = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page: visitorPage, watch: visitorWatch } = await watchedPage(visitor);
    await visitorPage.goto(`${app.url}/`);
    const header = visitorPage.locator('header').first();
    await header.getByRole('combobox', { name: 'Search users' }).waitFor();
    expect(await header.getByRole('link', { name: 'Search', exact: true }).count()).toBe(0);
    expect(visitorWatch.consoleErrors).toEqual([]);
    await visitor.close();

    const { context, page, watch } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'header' });
    const own = page.locator('header').first();
    await own.getByRole('link', { name: 'Search', exact: true }).waitFor();
    expect(await own.getByRole('combobox', { name: 'Search users' }).count()).toBe(0);
    await own.getByRole('link', { name: 'Search', exact: true }).click();
    await page.waitForURL(`${app.url}/search`);
    await page.getByRole('heading', { name: 'Search', level: 1, exact: true }).waitFor();
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('a free user calling the Advanced Discovery API directly gets 403; a founding member gets titles', async () => {
    const route = '/api/catalogue/advanced-discover?type=movie&yearMin=2000&page=1';
    // A fresh server's first 1,000 accounts are founding members, with Premium.
    const founder = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'founder' });
    const premium = await founder.context.request.get(`${app.url}${route}`);
    expect(premium.status()).toBe(200);
    expect(((await premium.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    await founder.context.close();

    await takeAllFoundingSpots(app);
    const { context, page } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'free' });
    expect(((await (await context.request.get(`${app.url}/api/session`)).json()) as { access: { isPremium: boolean } }).access.isPremium).toBe(false);
    const res = await context.request.get(`${app.url}${route}`);
    expect(res.status()).toBe(403);
    // The same call from the signed-in page itself (its cookies, its origin).
    expect(await page.evaluate(async (url) => (await fetch(url)).status, route)).toBe(403);
    await context.close();
  });
});
