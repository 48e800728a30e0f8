import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTmdb, startFakeTmdb } from '../src/server/integrations/catalogue/tmdb/fake-tmdb-server';
import { useApp } from './support/app';
import { watchedPage } from './support/browser';
import { signUpInBrowser, uniqueUser, verifyViaMailbox } from './support/journeys';

// The real TMDB adapter, pointed at a local server that replays recorded TMDB responses.
let tmdb: FakeTmdb;

beforeAll(async () => {
  tmdb = await startFakeTmdb();
  const trending = {
    page: 1,
    total_pages: 1,
    total_results: 2,
    results: [
      {
        id: 550,
        media_type: 'movie',
        title: 'Fight Club',
        overview: 'x',
        poster_path: '/p.jpg',
        backdrop_path: null,
        release_date: '1999-10-15',
        vote_average: 8.4,
        vote_count: 30000,
        popularity: 60,
        genre_ids: [18],
      },
      {
        id: 1396,
        media_type: 'tv',
        name: 'Breaking Bad',
        overview: 'x',
        poster_path: '/b.jpg',
        backdrop_path: null,
        first_air_date: '2008-01-20',
        vote_average: 8.9,
        vote_count: 15000,
        popularity: 300,
        genre_ids: [18, 80],
      },
    ],
  };
  tmdb.script('/3/trending/all/week', ...Array.from({ length: 20 }, () => ({ status: 200, body: trending })));
});
afterAll(async () => {
  await tmdb?.close();
});
// Started after the fake TMDB above, and stopped before it.
const app = useApp({ env: () => ({ TMDB_API_KEY: 'test-key', TMDB_BASE_URL: tmdb.baseUrl }) });

// Poster images point at image.tmdb.org, which this machine cannot reach: those loads fail.
const imageFailures = [/Failed to load resource/];

/** Images on screen that failed to load: the browser draws its broken-image icon for each. */
async function brokenImages(page: Page) {
  // Lazy images load once near the viewport: scroll through the page first.
  for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() =>
    [...document.querySelectorAll('img')].filter((img) => img.complete && img.naturalWidth === 0 && img.getClientRects().length > 0).map((img) => img.src),
  );
}

describe('title details from TMDB', () => {
  it('renders a movie and a series with certification, runtime, cast, seasons and providers', async () => {
    const context = await app.browser.newContext();
    const { page, watch } = await watchedPage(context, { allowConsoleErrors: imageFailures });
    const user = uniqueUser('tmdb');
    await signUpInBrowser(page, app.url, user);
    await verifyViaMailbox(page, app.url, user.email);

    // Cards of a list show where each title streams (the trending list is replayed with two known titles).
    await page.goto(`${app.url}/discover?mode=trending`);
    await page.getByRole('img', { name: 'Apple TV' }).first().waitFor();
    expect(await page.getByRole('list', { name: 'Where to watch' }).count()).toBeGreaterThanOrEqual(2);
    expect(await brokenImages(page)).toEqual([]);

    await page.goto(`${app.url}/details/movie/550`);
    await page.getByRole('heading', { name: 'Fight Club', level: 1 }).waitFor();
    const main = page.locator('main');
    await main.getByText('2h 19m').waitFor();
    await main.getByText('Rated R', { exact: true }).first().waitFor();
    await main.getByText('Edward Norton').waitFor();
    await main.getByText('Where to Watch').waitFor();
    await main.getByText('Apple TV').first().waitFor();
    expect(tmdb.requestsTo('/3/movie/550')).toHaveLength(1);
    expect(tmdb.requestsTo('/3/movie/550')[0]!.query.get('append_to_response')).toContain('watch/providers');
    // TMDB's image host is unreachable here: logos, backdrop, poster and cast fall back, nothing shows broken.
    await main.getByText('Production Companies').waitFor();
    expect(await brokenImages(page)).toEqual([]);

    await page.goto(`${app.url}/details/tv/1396`);
    await page.getByRole('heading', { name: 'Breaking Bad', level: 1 }).waitFor();
    await main.getByText('Rated TV-MA', { exact: true }).first().waitFor();
    await main.getByText('Bryan Cranston').waitFor();
    await main.getByRole('button', { name: /Season 1/ }).click();
    await main.getByText('Pilot').waitFor();
    await main.getByText('Amazon Video').first().waitFor();
    expect(await brokenImages(page)).toEqual([]);

    expect(watch.externalRequests.every((url) => url.startsWith('https://image.tmdb.org/'))).toBe(true);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a TMDB that does not answer', () => {
  it('shows the failure and Try again within 10 s, without the browser asking again, and Try again loads the title', async () => {
    const fightClub = JSON.parse(fs.readFileSync('src/server/integrations/catalogue/tmdb/fixtures/movie-550-details.json', 'utf8')) as Record<string, unknown>;
    tmdb.script('/3/movie/680', 'hang', { status: 200, body: { ...fightClub, id: 680, title: 'Pulp Fiction' } });
    const context = await app.browser.newContext();
    const { page, watch } = await watchedPage(context, { allowConsoleErrors: [...imageFailures, /status of 503/] });
    const user = uniqueUser('stall');
    await signUpInBrowser(page, app.url, user);
    await verifyViaMailbox(page, app.url, user.email);

    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/catalogue/titles/movie/680') asked.push(r.url());
    });
    const started = Date.now();
    await page.goto(`${app.url}/details/movie/680`);
    await page.getByText('Loading details...').waitFor();
    const main = page.locator('main');
    await main.getByText('Could not load details.').waitFor({ timeout: 10_000 });
    await main.getByText('The movie database did not answer in time. Please try again.').waitFor();
    const tryAgain = main.getByRole('button', { name: 'Try again' });
    await tryAgain.waitFor();
    expect(Date.now() - started).toBeLessThan(10_000);
    // The timed-out answer is not repeated behind the person's back (a retry would come after 1 s).
    await page.waitForTimeout(1500);
    expect(asked).toHaveLength(1);
    expect(tmdb.requestsTo('/3/movie/680')).toHaveLength(1);

    await tryAgain.click();
    await page.getByRole('heading', { name: 'Pulp Fiction', level: 1 }).waitFor();
    expect(asked).toHaveLength(2);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
