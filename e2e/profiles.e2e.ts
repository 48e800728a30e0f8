import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { type PageWatch, watchedPage } from './support/browser';
import { mailLink, signUpInBrowser, uniqueUser } from './support/journeys';

const app = useApp();

const expected4xx = [/Failed to load resource: the server responded with a status of (40[134]|429|500)/];

/** A new, verified user in a fresh context (clipboard allowed, for the share modal). */
async function newMember(prefix: string): Promise<{ context: BrowserContext; page: Page; watch: PageWatch; user: ReturnType<typeof uniqueUser> }> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const { page, watch } = await watchedPage(context, { allowConsoleErrors: expected4xx });
  const user = uniqueUser(prefix);
  await signUpInBrowser(page, app.url, user);
  // Not verifyViaMailbox: after E2E_REBUILD the app is a development build (the build inherits
  // NODE_ENV=test), StrictMode runs effects twice and 'Email verified!' shows twice, which its strict lookup refuses.
  await page.goto(await mailLink(app.url, user.email, /Verify your e-mail/));
  await page.waitForURL(`${app.url}/discover`);
  return { context, page, watch, user };
}

/** The number shown above a label in the profile header ("Followers", "Following", ...). */
async function stat(page: Page, label: string) {
  const text = await page.getByRole('region', { name: 'Profile' }).getByText(label, { exact: true }).locator('..').innerText();
  return text.split('\n')[0]!.trim();
}

describe('profiles, as two fans and a visitor meet them', () => {
  it('follows through the share link, lists followers, shares, reports, edits social links; a guest is asked to sign in', async () => {
    const a = await newMember('alice');
    const b = await newMember('bob');

    // B opens A's public link and follows.
    await b.page.goto(`${app.url}/${a.user.username}`);
    await b.page.getByRole('heading', { name: a.user.fullName, level: 1 }).waitFor();
    await b.page.getByText(`@${a.user.username}`).waitFor();
    await b.page.getByText('Founding Member').waitFor();
    expect(await stat(b.page, 'Followers')).toBe('0');
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await b.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await b.page.getByText('Followed', { exact: true }).waitFor();
    expect(await stat(b.page, 'Followers')).toBe('1');

    // The count holds after a reload, on B's view and on A's own profile.
    await b.page.reload();
    await b.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(await stat(b.page, 'Followers')).toBe('1');
    await a.page.goto(`${app.url}/profile`);
    await a.page.waitForURL(/\/profile\/[^/]+$/);
    await a.page.getByRole('button', { name: 'Edit Social Links' }).waitFor();
    expect(await stat(a.page, 'Followers')).toBe('1');

    // B opens the followers modal: B is listed, linking to B's profile.
    await b.page.getByRole('button', { name: /Followers/ }).click();
    const dialog = b.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Followers (1)' }).waitFor();
    await dialog.getByRole('link', { name: new RegExp(b.user.username) }).waitFor();
    await dialog.getByRole('radio', { name: 'Following (0)' }).click();
    await dialog.getByText('Not following anyone yet.').waitFor();
    await b.page.keyboard.press('Escape');

    // B shares: the copied link is {origin}/{username}.
    await b.page.getByRole('button', { name: 'Share' }).click();
    await b.page.getByRole('button', { name: 'Copy Link' }).click();
    await b.page.getByText('Link copied', { exact: true }).waitFor();
    await b.page.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await b.page.evaluate(() => navigator.clipboard.readText())).toBe(`${app.url}/${a.user.username}`);
    await b.page.getByRole('button', { name: 'Copy Link' }).waitFor({ timeout: 4000 });
    await b.page.keyboard.press('Escape');

    // B reports A: a reason is required; then the report is stored.
    await b.page.getByRole('button', { name: 'Report' }).click();
    await b.page.getByRole('button', { name: 'Submit Report' }).click();
    await b.page.getByText('Please provide a reason for the report.').waitFor();
    await b.page.getByLabel('Reason').fill('Posting spoilers everywhere');
    await b.page.getByRole('button', { name: 'Submit Report' }).click();
    await b.page.getByText('Report Submitted', { exact: true }).waitFor();
    await b.page.getByRole('dialog').waitFor({ state: 'detached' });

    // A edits social links: javascript: is refused, a bare name gets https://, and the icons show.
    await a.page.getByRole('button', { name: 'Edit Social Links' }).click();
    const editor = a.page.getByRole('dialog');
    await editor.getByLabel('Instagram').fill('javascript:alert(1)');
    await editor.getByRole('button', { name: 'Save Links' }).click();
    await editor.getByText('Only http:// and https:// links are allowed.').waitFor();
    await editor.getByLabel('Instagram').fill('instagram.com/alice_films');
    await editor.getByLabel('YouTube').fill('https://youtube.com/@alice');
    await editor.getByRole('button', { name: 'Save Links' }).click();
    await editor.waitFor({ state: 'detached' });
    await a.page.getByText('Social links updated', { exact: true }).waitFor();
    const links = a.page.getByRole('region', { name: 'Profile' }).getByRole('list', { name: 'Social links' });
    expect(await links.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('https://instagram.com/alice_films');
    expect(await links.getByRole('link', { name: 'YouTube' }).getAttribute('href')).toBe('https://youtube.com/@alice');
    await b.page.reload();
    await b.page.getByRole('list', { name: 'Social links' }).getByRole('link', { name: 'Instagram' }).waitFor();

    // A removes B from their followers; B's button turns back to Follow after a reload.
    await a.page.getByRole('button', { name: /Followers/ }).click();
    await a.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await a.page.getByText('Follower removed', { exact: true }).waitFor();
    await a.page.getByRole('dialog').getByText('No followers yet.').waitFor();
    await a.page.keyboard.press('Escape');
    // The follower list and the header are separate queries: the header may refetch a moment later.
    await expect.poll(() => stat(a.page, 'Followers')).toBe('0');
    await b.page.reload();
    await b.page.getByRole('button', { name: 'Follow', exact: true }).waitFor();

    // When the server fails, the optimistic flip is undone and the spec's error shows.
    await b.page.route('**/api/follows/*', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'x' } } }) : route.fallback(),
    );
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await b.page.getByText('Failed to follow/unfollow user. Please try again.').waitFor();
    await b.page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    expect(await stat(b.page, 'Followers')).toBe('0');
    await b.page.unroute('**/api/follows/*');

    // A guest sees the profile and is asked to sign in; an unknown name is not found.
    const guest = await app.browser.newContext();
    const { page: g, watch: gw } = await watchedPage(guest, { allowConsoleErrors: expected4xx });
    await g.goto(`${app.url}/${a.user.username}`);
    await g.getByRole('link', { name: 'Sign in to Follow' }).waitFor();
    await g.getByRole('link', { name: 'Sign in to Message' }).waitFor();
    await g.getByRole('button', { name: /Followers/ }).click();
    await g.waitForURL(`${app.url}/auth`);
    await g.goto(`${app.url}/nobody_here_at_all`);
    await g.getByRole('heading', { name: 'Profile not found' }).waitFor();

    // The header search finds A for the guest and opens the public link.
    await g.goto(`${app.url}/`);
    await g.getByRole('combobox', { name: 'Search users' }).first().fill(a.user.username.toUpperCase());
    await g.getByRole('option').getByText(`@${a.user.username}`).click();
    await g.waitForURL(`${app.url}/${a.user.username}`);
    await g.getByRole('link', { name: 'Sign in to Follow' }).waitFor();

    for (const watch of [a.watch, b.watch, gw]) {
      expect(watch.consoleErrors).toEqual([]);
      expect(watch.externalRequests).toEqual([]);
    }
    await guest.close();
    await a.context.close();
    await b.context.close();
  });

  it('tells someone who follows and unfollows too quickly why the follow failed', async () => {
    const a = await newMember('steady');
    const b = await newMember('flipper');
    const search = await b.page.request.get(`${app.url}/api/profiles/search?q=${a.user.username}`);
    const aId = ((await search.json()) as { results: { id: string }[] }).results[0]!.id;
    // 60 follow and unfollow actions an hour are allowed; B spends them through the API.
    for (let i = 0; i < 60; i++) {
      const res = await b.page.request.fetch(`${app.url}/api/follows/${aId}`, { method: i % 2 === 0 ? 'POST' : 'DELETE' });
      expect(res.status()).toBe(200);
    }
    await b.page.goto(`${app.url}/${a.user.username}`);
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await b.page.getByText("You're following and unfollowing too quickly. Please try again later.").waitFor();
    await b.page.getByRole('button', { name: 'Follow', exact: true }).waitFor();
    expect(await stat(b.page, 'Followers')).toBe('0');
    expect(b.watch.externalRequests).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
