import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FEED_TEXT } from '../src/shared/feed';
import { useApp } from './support/app';
import { gotoListening } from './support/journeys';

const app = useApp({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

/** Screenshots for review when SHOTS_DIR is set (not a check). */
const shotsDir = process.env.SHOTS_DIR;

describe("the dashboard's Following tab (issue 21 part 3)", () => {
  it('B follows A; A favorites a title; B sees it live, and it goes when A turns private', async () => {
    const b = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'bee' });
    const a = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'ada' });
    const api = (who: typeof a) => ({
      post: (path: string, data?: unknown) => who.context.request.post(`${app.url}/api${path}`, data === undefined ? {} : { data }),
      patch: (path: string, data: unknown) => who.context.request.patch(`${app.url}/api${path}`, { data }),
    });
    expect((await api(b).post(`/follows/${a.id}`)).status()).toBe(200);

    // The feed fails (and its one retry): the tab says so, and Retry loads it.
    let failing = true;
    await b.page.route('**/api/me/feed*', (route) => {
      if (!failing) return route.continue();
      return route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'x' } } });
    });
    await gotoListening(b.page, `${app.url}/discover`);
    const card = b.page.getByTestId('recent-activity');
    await card.getByRole('radio', { name: 'Following' }).click();
    await card.getByText(FEED_TEXT.loadFailed).waitFor();
    failing = false;
    await card.getByRole('button', { name: FEED_TEXT.retry }).click();
    // Nothing yet: the empty state leads to people to follow.
    await card.getByText(FEED_TEXT.empty).waitFor();
    expect(await card.getByRole('link', { name: FEED_TEXT.findPeople }).getAttribute('href')).toBe('/matches');

    // A favorites a title and starts watching another: B's tab shows them without a reload.
    expect((await api(a).post('/me/favorites', { mediaType: 'movie', mediaId: 550, rating: 5 })).status()).toBe(201);
    const item = card.getByTestId('feed-item').first();
    await item.waitFor({ timeout: 15_000 });
    expect(await item.textContent()).toContain(`${a.fullName} favorited Fight Club · 5/5`);
    expect(await item.getByRole('link', { name: 'Fight Club' }).getAttribute('href')).toBe('/details/movie/550');
    expect(await item.getByRole('link', { name: a.fullName }).getAttribute('href')).toBe(`/profile/${a.id}`);
    expect((await a.context.request.put(`${app.url}/api/me/currently-watching`, { data: { mediaType: 'movie', mediaId: 238 } })).status()).toBe(200);
    await card.getByTestId('feed-item').nth(1).waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('feed-item').first().getAttribute('data-kind')).toBe('watching');

    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      await card.screenshot({ path: `${shotsDir}/following-1280-card.png` });
      await b.page.screenshot({ path: `${shotsDir}/following-1280.png` });
      await b.page.setViewportSize({ width: 390, height: 844 });
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${shotsDir}/following-390-card.png` });
      await b.page.screenshot({ path: `${shotsDir}/following-390.png` });
    }

    // A turns private: it disappears for B, live.
    expect((await api(a).patch('/me/settings', { isPrivate: true })).status()).toBe(200);
    await card.getByText(FEED_TEXT.empty).waitFor({ timeout: 15_000 });
    expect(await card.getByTestId('feed-item').count()).toBe(0);
  }, 180_000);
});
