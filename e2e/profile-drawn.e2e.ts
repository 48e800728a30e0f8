import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { holdBack, screenshotAt, watchedPage } from './support/browser';
import { signedInPage, signUpOverApi, uniqueUser } from './support/journeys';

// A profile page comes drawn by the server (ADR 094): it is seen before any script has run, and
// React then takes that markup over (hydration) rather than drawing the page again. A mismatch
// between the two drawings is an error React reports on the page (the watched page fails on it)
// and would replace the server's elements, which the observer below would see.

const app = useApp();
const SHOTS = '/tmp/shots-profile-drawn';
mkdirSync(SHOTS, { recursive: true });

/**
 * Records, from before the page's first byte, every element removed from the document that held
 * the page's heading or was the app's whole layout: what a failed hydration throws away. Later
 * updates of other parts (a skeleton filled, a badge) are the page working, not redrawing.
 */
async function watchRemovals(page: Page) {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedElements: string[] }).removedElements = removed;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.removedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.tagName === 'H1' || node.querySelector('h1') || (record.target as Element).id === 'root') removed.push(node.tagName);
        }
    }).observe(document, { subtree: true, childList: true });
  });
}
const removedElements = (page: Page) => page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements);
const hydrated = (page: Page) => page.locator('#root:not([data-hydrating])').waitFor({ state: 'attached' });

describe('a profile page drawn by the server', () => {
  it('is all there without JavaScript: the header, the name, the counts and the sign-in actions', async () => {
    const owner = uniqueUser('drawn');
    await signUpOverApi(app.url, owner);
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/${owner.username}`);
    await page.getByRole('heading', { name: owner.fullName, level: 1 }).waitFor();
    await page.getByText(`@${owner.username}`).waitFor();
    await page.getByRole('link', { name: 'Log In' }).waitFor();
    expect(await page.getByRole('region', { name: 'Profile' }).getByText('Followers', { exact: true }).isVisible()).toBe(true);
    await page.getByText('Sign in to Follow').waitFor();
    await screenshotAt(page, SHOTS, 'guest-no-js', 390);
    await context.close();
  });

  it('is taken over by React without being drawn again, for a member and for the owner in the dark theme, and then acts', async () => {
    const owner = uniqueUser('drawnowner');
    await signUpOverApi(app.url, owner);
    for (const width of [1280, 390] as const) {
      const context = await app.browser.newContext({ viewport: { width, height: 900 } });
      const member = await signedInPage(context, app.url, 'drawnfan');
      const { page, watch } = await watchedPage(context);
      await watchRemovals(page);
      await page.goto(`${app.url}/${owner.username}`);
      await page.getByRole('heading', { name: owner.fullName, level: 1 }).waitFor();
      await hydrated(page);
      expect(await removedElements(page)).toEqual([]);
      // Parts with code of their own (the More menu, the user menu) were stand-ins in the server's
      // markup and load once the page is taken over: they open on the first click.
      await page.getByRole('button', { name: `More actions for @${owner.username}` }).click();
      await page.getByRole('menuitem', { name: `Mute @${owner.username}` }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: /Sign Out/i }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Follow', exact: true }).click();
      await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
      await screenshotAt(page, SHOTS, 'member', width);
      expect(watch.consoleErrors).toEqual([]);
      await member.page.close();
      await context.close();
    }

    // The owner, in the dark theme (theme-init.js applies it before the first paint), on a phone.
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('reelmates-theme', 'dark'));
    const own = await signedInPage(context, app.url, 'drawnself');
    const { page, watch } = await watchedPage(context);
    await watchRemovals(page);
    await page.goto(`${app.url}/profile/${own.id}`);
    await page.getByRole('heading', { name: own.fullName, level: 1 }).waitFor();
    await hydrated(page);
    expect(await removedElements(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Edit Social Links' }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await screenshotAt(page, SHOTS, 'own-dark', 390);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the page while its code is slow to come, and a click made meanwhile acts once the page is ready', async () => {
    const owner = uniqueUser('drawnslow');
    await signUpOverApi(app.url, owner);
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    await signedInPage(context, app.url, 'drawnquick');
    const { page, watch } = await watchedPage(context);
    // The app's code takes two seconds to arrive (a slow phone).
    const code = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
    // The More menu's own code comes later still, after the page is ready.
    await holdBack(page, /\/assets\/safety-menu-[\w-]+\.js$/);
    await page.goto(`${app.url}/${owner.username}`, { waitUntil: 'commit' });
    await page.getByRole('heading', { name: owner.fullName, level: 1 }).waitFor();
    const seenAt = Date.now();
    expect(code.answeredAt).toBe(0);
    // The click waits for the page to take clicks (the button takes none until hydrated) and then acts.
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(code.answeredAt).toBeGreaterThan(seenAt);
    // A click on More before the menu's code has come opens the menu once it has (the button is its
    // disabled stand-in until then: render-page.test.tsx holds the server's markup to that).
    await page.getByRole('button', { name: `More actions for @${owner.username}` }).click();
    await page.getByRole('menuitem', { name: `Mute @${owner.username}` }).waitFor();
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('acts once on a key pressed on a control before the page is ready, pressed twice or not', async () => {
    const owner = uniqueUser('drawnkeys');
    await signUpOverApi(app.url, owner);
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signedInPage(context, app.url, 'drawnkeyer');
    const { page, watch } = await watchedPage(context);
    const code = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
    await page.goto(`${app.url}/${owner.username}`, { waitUntil: 'commit' });
    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    await follow.waitFor();
    // A keyboard user on the drawn page: the focus on Follow, Enter twice, before the code has come.
    await follow.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(code.answeredAt).toBe(0);
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(code.answeredAt).toBeGreaterThan(0);
    // Once, not twice (a second press would have unfollowed): the server has the follow.
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    const profile = (await (await context.request.get(`${app.url}/api/profiles/by-username/${owner.username}`)).json()) as { followersCount: number };
    expect(profile.followersCount).toBe(1);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});
