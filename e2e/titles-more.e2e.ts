import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { takeAllFoundingSpots, useApp } from './support/app';
import { watchedPage } from './support/browser';
import { mailLink, signUpInBrowser, uniqueUser } from './support/journeys';

const app = useApp();

const urlHas = (page: Page, name: string, value: string | null) => page.waitForURL((url) => url.searchParams.get(name) === value);

async function isPremium(context: BrowserContext): Promise<boolean> {
  return (await (await context.request.get(`${app.url}/api/session`)).json()).access.isPremium;
}

describe('titles of people on /search', () => {
  it('finds the films and series of people named Nolan, under All, Movies and TV Shows, but not Users', async () => {
    const { context, page, watch } = await app.signedIn({ width: 390, height: 844 });
    await page.goto(`${app.url}/search`);
    await page.getByRole('searchbox', { name: 'Search for users, movies or TV shows', exact: true }).fill('Nolan');
    await urlHas(page, 'q', 'Nolan');

    const section = page.getByRole('region', { name: 'From people named "Nolan"', exact: true });
    const people = section.getByRole('list', { name: 'People named "Nolan"', exact: true });
    await people.getByText('Christopher Nolan', { exact: true }).waitFor();
    await people.getByText('Jonathan Nolan', { exact: true }).waitFor();
    const titles = section.getByRole('list', { name: 'From people named "Nolan"', exact: true });
    for (const name of ['Inception', 'The Dark Knight', 'Memento', 'Westworld']) await titles.getByRole('link', { name, exact: true }).waitFor();
    // No title is called "Nolan": the titles come only from the people.
    expect(await page.getByRole('region', { name: 'Movies', exact: true }).count()).toBe(0);

    await page.getByRole('radio', { name: 'TV Shows', exact: true }).click();
    await urlHas(page, 'type', 'tv');
    await titles.getByRole('link', { name: 'Westworld', exact: true }).waitFor();
    expect(await titles.getByRole('link', { name: 'Inception', exact: true }).count()).toBe(0);

    await page.getByRole('radio', { name: 'Movies', exact: true }).click();
    await urlHas(page, 'type', 'movie');
    await titles.getByRole('link', { name: 'Inception', exact: true }).waitFor();
    expect(await titles.getByRole('link', { name: 'Westworld', exact: true }).count()).toBe(0);

    // A film from the list opens its details.
    await titles.getByRole('link', { name: 'Memento', exact: true }).click();
    await page.getByRole('heading', { name: 'Memento', level: 1, exact: true }).waitFor();
    await page.goBack();

    await page.getByRole('radio', { name: 'Users', exact: true }).click();
    await urlHas(page, 'type', 'users');
    await page.getByText('No results found for "Nolan"', { exact: true }).waitFor();
    expect(await section.count()).toBe(0);

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  }, 90_000);
});

describe("the details page's Watch button", () => {
  it('tells a founding member it is Coming Soon, and shows a user without Premium the premium prompt', async () => {
    // Every account of a fresh server is a founding member, so Premium.
    const premium = await app.signedIn();
    expect(await isPremium(premium.context)).toBe(true);
    await premium.page.goto(`${app.url}/details/movie/550`);
    await premium.page.getByRole('heading', { name: 'Fight Club', level: 1, exact: true }).waitFor();
    await premium.page.getByRole('button', { name: 'Watch', exact: true }).click();
    await premium.page.getByText('Coming Soon', { exact: true }).waitFor();
    expect(await premium.page.getByRole('dialog').count()).toBe(0);
    expect(premium.watch.consoleErrors).toEqual([]);
    await premium.context.close();

    // All 1,000 founding spots taken (as in the database of a server that has had them claimed):
    // the next account is a free one. The server is stopped to write it and started again.
    await takeAllFoundingSpots(app);

    const free = await app.signedIn({ width: 390, height: 844 });
    expect(await isPremium(free.context)).toBe(false);
    await free.page.goto(`${app.url}/details/movie/550`);
    await free.page.getByRole('heading', { name: 'Fight Club', level: 1, exact: true }).waitFor();
    await free.page.getByRole('button', { name: 'Watch', exact: true }).click();
    const prompt = free.page.getByRole('dialog', { name: 'Watch with Premium' });
    await prompt.getByText('Streaming on Reelmates is a Premium feature.', { exact: true }).waitFor();
    expect(await free.page.getByText('Coming Soon', { exact: true }).count()).toBe(0);
    // The modal's button starts checkout (issue 16): the offline test checkout page.
    await prompt.getByRole('button', { name: 'Upgrade Now' }).click();
    await free.page.waitForURL(/\/billing\/test-checkout\/cs_test_\w+$/);
    expect(free.watch.consoleErrors).toEqual([]);
    expect(free.watch.externalRequests).toEqual([]);
    await free.context.close();
  }, 150_000);
});

describe('the header right after verification', () => {
  it('shows the avatar initial and the message and notification icons at once, even while their code is slow to arrive', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, watch } = await watchedPage(context);
    const user = uniqueUser('fresh');
    await signUpInBrowser(page, app.url, user);
    // A slow line: the header's menu and badge code (loaded only once someone is signed in) takes 5 s.
    let held = 0;
    let released = 0;
    await page.route(/\/assets\/(user-menu|messages-link|notifications-bell)-[\w-]+\.js$/, async (route) => {
      held++;
      await new Promise((r) => setTimeout(r, 5000));
      released++;
      await route.continue();
    });
    const link = await mailLink(app.url, user.email, /Verify your e-mail/);
    await page.goto(link);
    await page.waitForURL(`${app.url}/discover`);
    const header = page.locator('header').first();
    await header.getByRole('link', { name: 'Messages' }).waitFor({ timeout: 4000 });
    await header.getByRole('link', { name: 'Notifications' }).waitFor({ timeout: 4000 });
    await header.getByRole('button', { name: 'User menu' }).getByText(user.fullName.charAt(0).toUpperCase(), { exact: true }).waitFor({ timeout: 4000 });
    // All of it was there while the code was still on its way.
    expect(held).toBeGreaterThan(0);
    expect(released).toBe(0);

    // A click on the avatar while the menu's code is still on its way is not lost: the menu opens
    // as soon as the code is in.
    await header.getByRole('button', { name: 'User menu' }).click();
    expect(released).toBe(0);
    await page.getByRole('menuitem', { name: 'Sign Out' }).waitFor({ timeout: 15_000 });
    expect(released).toBeGreaterThan(0);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
