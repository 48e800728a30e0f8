import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { watchedPage } from './support/browser';

const app = useApp({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 50[03]/] });

/** The grid's first cards under its heading (the grid loads on its own, whatever the dashboard does). */
async function gridShowsCards(page: Page) {
  const grid = page.getByRole('list', { name: 'Discover movies and TV shows', exact: true });
  await grid.getByRole('link').first().waitFor();
}

const isDashboardCall = (url: URL) => url.pathname === '/api/me/dashboard' || (url.pathname === '/api/notifications' && url.searchParams.get('limit') === '15');

describe('the dashboard above Discover', () => {
  it('shows a signed-in user real counts, their latest activity by kind, the completeness score and people to follow, in two requests', async () => {
    const me = await app.signedIn({ width: 1280, height: 900 });
    const fan = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'fan' });
    const post = (who: typeof me, path: string, data?: unknown) => who.context.request.post(`${app.url}/api${path}`, data === undefined ? {} : { data });
    for (const mediaId of [238, 240]) expect((await post(me, '/me/favorites', { mediaType: 'movie', mediaId, rating: 5 })).status()).toBe(201);
    expect((await post(me, '/me/watchlist', { mediaType: 'movie', mediaId: 278 })).status()).toBe(201);
    // fan shares a favorite (a match), then follows me: a follower and a 'new_follower' activity.
    expect((await post(fan, '/me/favorites', { mediaType: 'movie', mediaId: 238, rating: 4 })).status()).toBe(201);
    expect((await post(fan, `/follows/${me.id}`)).status()).toBe(200);

    // A fresh tab, so nothing the first tab refetched on those live events is counted.
    await me.page.close();
    const { page, watch } = await watchedPage(me.context);
    const calls: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (isDashboardCall(url)) calls.push(url.pathname + url.search);
    });
    await page.goto(`${app.url}/discover`);
    const dashboard = page.getByTestId('dashboard');
    await dashboard.getByRole('heading', { name: `Welcome back, ${me.fullName}`, level: 2 }).waitFor();
    const count = async (label: string) => {
      const tile = page.getByTestId(`dashboard-count-${label}`);
      await tile.getByText(label === 'followers' ? 'Followers' : label.charAt(0).toUpperCase() + label.slice(1), { exact: true }).waitFor();
      await tile.locator('p.text-xl').waitFor();
      return tile.locator('p.text-xl').textContent();
    };
    expect([await count('favorites'), await count('watchlist'), await count('followers'), await count('following')]).toEqual(['2', '1', '1', '0']);

    // Recent Activity: the follow, by chip.
    const activity = page.getByTestId('recent-activity');
    await activity.getByTestId('activity-item').first().waitFor();
    await page.getByTestId('profile-score').waitFor();
    // The whole dashboard took two requests: the summary and the activity ('all').
    expect([...calls].sort()).toEqual(['/api/me/dashboard', '/api/notifications?limit=15&kind=all']);
    expect(await activity.getByTestId('activity-item').allTextContents()).toEqual([expect.stringMatching(/follow/i)]);
    await activity.getByRole('radio', { name: 'Messages' }).click();
    await activity.getByText('No activity yet.').waitFor();
    await activity.getByRole('radio', { name: 'Follows' }).click();
    await activity.getByTestId('activity-item').first().waitFor();

    // Your Stats: a name (15) and a watchlist title (5); two favorites are not five yet.
    await page.getByTestId('profile-score').getByText('20%').waitFor();
    const steps = await page.getByTestId('profile-score-steps').getByRole('link').allTextContents();
    expect(steps).toEqual(['Add a profile photo+20', 'Write a short bio+15', 'Pick at least 3 favorite genres+15', 'Favorite at least 5 titles+20', 'Link a social profile+10']);

    // People You Might Like: fan is a 100% match I do not follow yet; once followed, they leave the card.
    const people = page.getByTestId('people-you-might-like');
    await people.getByTestId('suggestion').first().waitFor();
    expect(await people.getByTestId('suggestion').first().textContent()).toContain('100% match');
    await people.getByRole('button', { name: `Follow ${fan.fullName}` }).click();
    await page.getByTestId('dashboard-count-following').getByText('1', { exact: true }).waitFor();
    await people.getByRole('button', { name: `Follow ${fan.fullName}` }).waitFor({ state: 'detached' });

    // Quick Actions lead where they say.
    const actions = page.getByTestId('quick-actions');
    expect(await actions.getByRole('link', { name: 'Add Content' }).getAttribute('href')).toBe('/search');
    expect(await actions.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/settings');
    expect(await actions.getByRole('link', { name: 'View Matches' }).getAttribute('href')).toBe('/matches');

    await gridShowsCards(page);
    expect(watch.consoleErrors).toEqual([]);
  }, 180_000);

  it('renders the grid while the dashboard is slow, and when it fails, with the inline errors', async () => {
    const { page, fullName, watch } = await app.signedIn({ width: 390, height: 844 });
    // Slow: the summary is held until the grid is up.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/me/dashboard', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/api/notifications?*', (route) =>
      new URL(route.request().url()).searchParams.get('limit') === '15' ? route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'x' } } }) : route.continue(),
    );
    await page.reload();
    await gridShowsCards(page);
    // The greeting comes from the session, the counts wait in skeletons, the activity says it could not load.
    await page.getByRole('heading', { name: `Welcome back, ${fullName}`, level: 2 }).waitFor();
    expect(await page.getByTestId('dashboard-count-favorites').locator('[data-slot="skeleton"]').count()).toBe(1);
    await page.getByTestId('recent-activity').getByText('Could not load activities.').waitFor();
    release();
    await page.getByTestId('profile-score').waitFor();

    // Failing: the grid still comes, and the dashboard says so.
    await page.unroute('**/api/me/dashboard');
    await page.route('**/api/me/dashboard', (route) => route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'x' } } }));
    await page.reload();
    await gridShowsCards(page);
    await page.getByText('Could not load your dashboard.').waitFor({ timeout: 20_000 });
    expect(watch.consoleErrors).toEqual([]);
  }, 120_000);
});
