import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { type PageWatch, watchedPage } from './support/browser';
import { gotoListening, mailLink, signUpInBrowser, uniqueUser } from './support/journeys';

/* The "Done when" journeys of issues 5 and 7, across the composed pages (profiles + lists +
   settings + notifications + messages), as two new users do them in two browser contexts.
   Issue 6 (privacy seen by another signed-in user, the avatar on the profile page) is in settings.e2e.ts. */

const app = useApp();

interface Member {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  user: ReturnType<typeof uniqueUser>;
  id: string;
}

/** A new user who signs up in the browser and follows the verification mail's link (which signs in). */
async function newMember(prefix: string, options: { downloads?: boolean } = {}): Promise<Member> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: options.downloads ?? false });
  const { page, watch } = await watchedPage(context);
  const user = uniqueUser(prefix);
  await signUpInBrowser(page, app.url, user);
  await page.goto(await mailLink(app.url, user.email, /Verify your e-mail/));
  await page.waitForURL(`${app.url}/discover`);
  const session = (await (await context.request.get(`${app.url}/api/session`)).json()) as { user: { id: string } };
  return { context, page, watch, user, id: session.user.id };
}

/** The number shown above a label in the profile header ("Followers", "Favorites", ...). */
async function stat(page: Page, label: string) {
  const text = await page.getByRole('region', { name: 'Profile' }).getByText(label, { exact: true }).locator('..').innerText();
  return text.split('\n')[0]!.trim();
}

async function toast(page: Page, title: string, description?: string) {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await item.first().waitFor();
  if (description) await item.filter({ hasText: description }).first().waitFor();
}

/** On a title's details page: Add to Favorites with a rating, then dismiss the follow-up. */
async function favorite(page: Page, path: string, name: string, stars: number) {
  await page.goto(`${app.url}${path}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Add to Favorites' }).click();
  const rating = page.getByRole('dialog', { name: 'Rate and add to favorites' });
  await rating.getByRole('radio', { name: `${stars} stars` }).click();
  await rating.getByRole('button', { name: 'Add to Favorites' }).click();
  await toast(page, `Added to favorites with ${stars} stars`);
  const followUp = page.getByRole('dialog', { name: `Want to talk about ${name} with others?` });
  await followUp.getByRole('button', { name: 'Maybe Later' }).click();
  await followUp.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /Update Rating/ }).waitFor();
}

async function ownProfile(page: Page) {
  await page.goto(`${app.url}/profile`);
  await page.waitForURL(/\/profile\/[^/]+$/);
  await page.getByRole('button', { name: 'Edit Social Links' }).waitFor();
}

async function setPreference(page: Page, event: string, value: 'None' | 'Popup' | 'Email' | 'Both') {
  await page.goto(`${app.url}/settings#notifications`);
  const radio = page.getByRole('radiogroup', { name: event }).getByRole('radio', { name: value });
  await radio.click();
  await toast(page, 'Settings updated', 'Your notification preferences have been saved.');
  expect(await radio.getAttribute('aria-checked')).toBe('true');
}

function expectClean(...watches: PageWatch[]) {
  for (const w of watches) {
    expect(w.consoleErrors).toEqual([]);
    expect(w.externalRequests).toEqual([]);
  }
}

describe('journeys across the composed pages', () => {
  it('issue 5: A fills the lists; B sees them on the share link, follows (live on A), shares a favorite, is kept out by privacy, reports; A exports', async () => {
    const [a, b] = await Promise.all([newMember('ava', { downloads: true }), newMember('ben')]);

    // A favorites three titles with ratings, puts two on the watchlist and watches one.
    await favorite(a.page, '/details/movie/550', 'Fight Club', 5);
    await favorite(a.page, '/details/movie/603', 'The Matrix', 4);
    await a.page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await a.page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor();
    await favorite(a.page, '/details/tv/1396', 'Breaking Bad', 3);
    await a.page.getByRole('button', { name: 'Add to Watchlist' }).click();
    await a.page.getByRole('button', { name: 'Remove from Watchlist' }).waitFor();
    await a.page.getByRole('button', { name: 'Set as Watching' }).click();
    await a.page.getByRole('button', { name: 'Unset as Watching' }).waitFor();

    // A stays on their own profile page from here on.
    await ownProfile(a.page);
    await a.page.getByRole('tab', { name: 'Movies (2)' }).waitFor();
    expect(await stat(a.page, 'Followers')).toBe('0');

    // B opens A's share link and sees all of it.
    await b.page.goto(`${app.url}/${a.user.username}`);
    await b.page.getByRole('heading', { name: a.user.fullName, level: 1 }).waitFor();
    await b.page.getByRole('tab', { name: 'Movies (2)' }).waitFor();
    await b.page.getByRole('tab', { name: 'TV Shows (1)' }).waitFor();
    expect(await stat(b.page, 'Favorites')).toBe('3');
    expect(await stat(b.page, 'Watchlist')).toBe('2');
    const movies = b.page.getByRole('list', { name: 'favorites items' });
    await movies.getByRole('link', { name: 'Fight Club' }).waitFor();
    await movies.getByRole('img', { name: 'Rated 5 of 5 stars' }).waitFor();
    await movies.getByRole('link', { name: 'The Matrix' }).waitFor();
    await b.page.getByRole('region', { name: 'Currently Watching', exact: true }).getByRole('link', { name: 'Breaking Bad' }).waitFor();
    // Only the owner may remove it, export or clear.
    expect(await b.page.getByRole('button', { name: 'Remove currently watching' }).count()).toBe(0);
    expect(await b.page.getByRole('button', { name: 'Export favorites' }).count()).toBe(0);
    await b.page.getByRole('tab', { name: 'TV Shows (1)' }).click();
    await b.page.getByRole('list', { name: 'favorites items' }).getByRole('link', { name: 'Breaking Bad' }).waitFor();
    await b.page.getByRole('tab', { name: 'Watchlist (2)' }).click();
    const watchlist = b.page.getByRole('list', { name: 'watchlist items' });
    await watchlist.getByRole('link', { name: 'The Matrix' }).waitFor();
    await watchlist.getByRole('link', { name: 'Breaking Bad' }).waitFor();
    // No shared favorites yet: no button.
    expect(await b.page.getByRole('button', { name: /Shared Favorites/ }).count()).toBe(0);

    // B follows; the count rises on B's view, and on A's page without a reload (realtime).
    await b.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await b.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    expect(await stat(b.page, 'Followers')).toBe('1');
    await expect.poll(() => stat(a.page, 'Followers'), { timeout: 5000 }).toBe('1');

    // B favorites one of A's titles and finds it under Shared Favorites.
    await favorite(b.page, '/details/movie/603', 'The Matrix', 5);
    await b.page.goto(`${app.url}/${a.user.username}`);
    await b.page.getByRole('button', { name: 'Shared Favorites (1)' }).click();
    const shared = b.page.getByRole('dialog', { name: 'Shared Favorites' });
    await shared.getByRole('radio', { name: 'Movies (1)' }).waitFor();
    await shared.getByRole('link', { name: 'The Matrix' }).waitFor();
    expect(await shared.getByRole('link').count()).toBe(1);
    await b.page.keyboard.press('Escape');
    await shared.waitFor({ state: 'detached' });

    // A exports favorites.json from the profile: the three titles with their ratings.
    await a.page.getByRole('tab', { name: 'Movies (2)' }).waitFor();
    const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.getByRole('button', { name: 'Export favorites' }).click()]);
    expect(download.suggestedFilename()).toBe('favorites.json');
    const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { title: string; mediaType: string; mediaId: number; rating: number }[];
    expect(exported.map((i) => [i.title, i.mediaType, i.mediaId, i.rating]).sort()).toEqual([
      ['Breaking Bad', 'tv', 1396, 3],
      ['Fight Club', 'movie', 550, 5],
      ['The Matrix', 'movie', 603, 4],
    ]);
    await toast(a.page, 'Export successful');

    // A hides favorites in /settings; B's open page follows (live), and a reload agrees.
    await a.page.goto(`${app.url}/settings`);
    await a.page.getByRole('switch', { name: 'Show favorites' }).click();
    await toast(a.page, 'Privacy settings updated', 'Your favorites are now hidden.');
    await b.page.getByRole('tabpanel').getByText("This user's content is private").waitFor({ timeout: 5000 });
    await b.page.reload();
    await b.page.getByRole('tabpanel').getByText("This user's content is private").waitFor();
    await b.page.getByRole('tab', { name: 'Movies', exact: true }).waitFor();
    await b.page.getByRole('tab', { name: 'TV Shows', exact: true }).click();
    await b.page.getByRole('tabpanel').getByText("This user's content is private").waitFor();
    // The watchlist and currently watching stay visible: only favorites were hidden.
    await b.page.getByRole('tab', { name: 'Watchlist (2)' }).click();
    await b.page.getByRole('list', { name: 'watchlist items' }).getByRole('link', { name: 'The Matrix' }).waitFor();
    await b.page.getByRole('region', { name: 'Currently Watching', exact: true }).waitFor();

    // The API gives B none of A's favorites either.
    const res = await b.context.request.get(`${app.url}/api/profiles/${a.id}/favorites`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { visible: boolean; items: unknown[] };
    expect(body.visible).toBe(false);
    expect(body.items).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('Fight Club');

    // B reports A.
    await b.page.getByRole('button', { name: 'Report' }).click();
    await b.page.getByLabel('Reason').fill('Spoils endings in the bio');
    await b.page.getByRole('button', { name: 'Submit Report' }).click();
    await toast(b.page, 'Report Submitted', 'Thank you. Our team will review this report.');
    await b.page.getByRole('dialog').waitFor({ state: 'detached' });

    expectClean(a.watch, b.watch);
    await a.context.close();
    await b.context.close();
  });

  it('issue 7: B gets a follow as a live toast and in /notifications (popup), then by mail (email); A messages B from the profile and it arrives live', async () => {
    const [a, b] = await Promise.all([newMember('amy'), newMember('bea')]);
    const followMails = async () =>
      ((await (await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(b.user.email)}`)).json()) as { mails: { subject: string; text: string }[] }).mails.filter((m) =>
        m.subject.startsWith('New follower'),
      );

    // B wants follows as a popup only.
    await setPreference(b.page, 'New followers', 'Popup');
    // A toast is for events that arrive while the tab listens: wait until B's event stream is open.
    await gotoListening(b.page, `${app.url}/discover`);

    // A follows B from B's profile: B sees a live toast, and the entry in /notifications.
    await a.page.goto(`${app.url}/${b.user.username}`);
    await a.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await a.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await toast(b.page, 'New follower', `@${a.user.username} started following you.`);
    await b.page.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor();
    await b.page.getByRole('link', { name: /Notifications/ }).click();
    const entry = b.page.getByTestId('notification').filter({ hasText: 'New follower' });
    await entry.getByText(`@${a.user.username} started following you.`).waitFor();
    expect(await entry.getByRole('link').first().getAttribute('href')).toBe(`/profile/${a.id}`);
    // Popup only: no mail.
    expect(await followMails()).toEqual([]);

    // B switches to email; C follows B; the mail arrives in the dev mailbox. (A following again
    // the same day would tell B nothing new: one follow notice per pair a day.)
    await setPreference(b.page, 'New followers', 'Email');
    const c = await newMember('cal');
    await c.page.goto(`${app.url}/${b.user.username}`);
    await c.page.getByRole('button', { name: 'Follow', exact: true }).click();
    await c.page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await expect.poll(async () => (await followMails()).length, { timeout: 5000 }).toBe(1);
    expect((await followMails())[0]!.text).toContain(`@${c.user.username} started following you.`);
    expectClean(c.watch);
    await c.context.close();

    // B waits on /messages; A opens the chat from B's profile and sends.
    await b.page.goto(`${app.url}/messages`);
    await b.page.getByText('No conversations yet').waitFor();
    await a.page.getByRole('button', { name: 'Message', exact: true }).click();
    const chat = a.page.getByRole('dialog', { name: b.user.fullName });
    await chat.getByText(`@${b.user.username}`).waitFor();
    await chat.getByText('No messages yet. Start the conversation!').waitFor();
    await chat.getByLabel('Message', { exact: true }).fill('Loved your list, Bea!');
    await chat.getByLabel('Message', { exact: true }).press('Enter');
    await chat.getByRole('list', { name: 'Messages' }).getByText('Loved your list, Bea!', { exact: true }).waitFor();

    // It reaches B live: the conversation appears, and opening it shows the message.
    const row = b.page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(a.user.fullName) });
    await row.waitFor({ timeout: 3000 });
    await b.page.getByTestId('messages-badge').filter({ hasText: '1' }).waitFor();
    await row.click();
    await b.page.getByRole('list', { name: 'Messages' }).getByText('Loved your list, Bea!', { exact: true }).waitFor();

    expectClean(a.watch, b.watch);
    await a.context.close();
    await b.context.close();
  });
});
