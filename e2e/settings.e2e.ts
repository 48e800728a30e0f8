import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { watchedPage } from './support/browser';
import { signIn, signUpInBrowser, signUpOverApi, uniqueUser, verifyViaMailbox } from './support/journeys';

const app = useApp();

// The refused upload answers 400, which the console reports as a failed resource; the page handles it.
const expected4xx = [/Failed to load resource: the server responded with a status of 400/];

async function toast(page: Page, title: string, description?: string) {
  const item = page.locator('[data-sonner-toast]').filter({ hasText: title });
  await item.first().waitFor();
  if (description) await item.filter({ hasText: description }).first().waitFor();
}

describe('settings, as a user edits their profile', () => {
  it('uploads an avatar and saves it with a new name, username and bio; the header and the profile show them, and another signed-in user sees the privacy switches on the profile page', async () => {
    const other = uniqueUser('taken');
    // Another account, made over the API, whose name the user will try to take.
    await signUpOverApi(app.url, other);
    const user = uniqueUser('setme');
    const context = await app.browser.newContext();
    const { page, watch } = await watchedPage(context, { allowConsoleErrors: expected4xx });
    await signUpInBrowser(page, app.url, user);
    await verifyViaMailbox(page, app.url, user.email);
    const me = (await (await page.request.get(`${app.url}/api/session`)).json()).user as { id: string };

    await page.goto(`${app.url}/settings`);
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    const headerAvatar = page.getByRole('button', { name: 'User menu' }).locator('img');
    await expect(headerAvatar.count()).resolves.toBe(0);

    // A renamed HTML file is refused with the server's message, and nothing changes.
    await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
    await toast(page, 'Upload failed', 'Please upload a PNG or JPEG image.');
    await expect(page.getByRole('img', { name: 'Your avatar' }).count()).resolves.toBe(0);

    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 220, g: 40, b: 90 } } })
      .png()
      .toBuffer();
    await page.locator('#avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Your avatar' });
    await preview.waitFor();
    const avatarUrl = await preview.getAttribute('src');
    expect(avatarUrl).toMatch(new RegExp(`^/api/uploads/${me.id}/[0-9a-f]{16}\\.png$`));
    await page.getByText('The new picture is used when you save your changes.').waitFor();
    // Not yet in effect: the header still shows the initial.
    await expect(headerAvatar.count()).resolves.toBe(0);

    // A name someone else has is refused live; a free one is welcomed.
    const username = page.getByLabel('Username', { exact: true });
    await username.fill(other.username.toUpperCase());
    await page.getByText('Checking availability...').waitFor();
    await page.getByText('Username is already taken').waitFor();
    const newName = `Cine_${Date.now().toString(36)}`;
    await username.fill(newName);
    await page.getByText('Username is available!').waitFor();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Bio').fill('Noir, sci-fi and long TV dramas.');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Your settings have been saved.');

    // The header shows the picture, loaded.
    await headerAvatar.waitFor();
    expect(await headerAvatar.getAttribute('src')).toBe(avatarUrl);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('button[aria-label="User menu"] img');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menu').getByText(`@${newName.toLowerCase()}`).waitFor();
    await page.keyboard.press('Escape');

    // The own profile page shows the picture too.
    await page.goto(`${app.url}/profile/${me.id}`);
    expect(await page.getByRole('region', { name: 'Profile' }).locator('img').first().getAttribute('src')).toBe(avatarUrl);

    // Another signed-in user (the owner of the taken name) looks at the profile page in their own browser.
    const viewer = await app.browser.newContext();
    const { page: v, watch: viewerWatch } = await watchedPage(viewer);
    await signIn(v, app.url, other.email, other.password);
    await v.waitForURL(`${app.url}/discover`);
    const profileSeen = async () => {
      await v.goto(`${app.url}/profile/${me.id}`);
      await v.getByRole('heading', { name: 'Ada Lovelace', level: 1 }).waitFor();
    };
    await profileSeen();
    expect(await v.getByRole('region', { name: 'Profile' }).locator('img').first().getAttribute('src')).toBe(avatarUrl);
    await v.getByRole('tab', { name: 'Movies (0)' }).waitFor();
    await v.getByText('No favorite movies yet.').waitFor();
    await v.getByRole('tab', { name: 'Watchlist (0)' }).waitFor();
    await page.goto(`${app.url}/settings`);
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();

    // Anyone sees the new header of the profile.
    const stranger = await app.browser.newContext();
    const seen = async () => (await stranger.request.get(`${app.url}/api/profiles/${me.id}`)).json();
    expect(await seen()).toMatchObject({ username: newName.toLowerCase(), fullName: 'Ada Lovelace', bio: 'Noir, sci-fi and long TV dramas.', avatarUrl });
    const image = await stranger.request.get(`${app.url}${avatarUrl}`);
    expect(image.headers()['content-type']).toBe('image/png');
    expect((await sharp(await image.body()).metadata()).width).toBe(300);

    // Privacy switches save at once with their own messages, and others see the difference.
    await page.getByRole('switch', { name: 'Private account' }).click();
    await toast(page, 'Privacy settings updated', 'Your account is now private.');
    expect(await seen()).toMatchObject({ isPrivate: true, visible: { favorites: false, watchlist: false, currentlyWatching: false } });
    // The other user sees the header, and every list as private; the counts are locked.
    await profileSeen();
    await v.getByRole('tabpanel').getByText("This user's content is private").waitFor();
    await v.getByRole('tab', { name: 'Watchlist', exact: true }).click();
    await v.getByRole('tabpanel').getByText("This user's content is private").waitFor();
    expect(await v.getByRole('region', { name: 'Profile' }).getByLabel('Private').count()).toBe(2);
    await page.getByRole('switch', { name: 'Show favorites' }).click();
    await toast(page, 'Privacy settings updated', 'Your favorites are now hidden.');
    await page.getByRole('switch', { name: 'Private account' }).click();
    await toast(page, 'Privacy settings updated', 'Your account is now public.');
    expect(await seen()).toMatchObject({ isPrivate: false, visible: { favorites: false, watchlist: true, currentlyWatching: true } });
    // Public again with favorites hidden: the favorites tabs stay private, the watchlist opens.
    await profileSeen();
    await v.getByRole('tab', { name: 'Movies', exact: true }).waitFor();
    await v.getByRole('tabpanel').getByText("This user's content is private").waitFor();
    await v.getByRole('tab', { name: 'Watchlist (0)' }).click();
    await v.getByText('The watchlist is empty.').waitFor();

    // A notification preference, kept across a reload; mails link straight to the card.
    await page.getByRole('radiogroup', { name: 'New followers' }).getByRole('radio', { name: 'None' }).click();
    await toast(page, 'Settings updated', 'Your notification preferences have been saved.');
    await page.getByRole('button', { name: 'Comedy' }).click();
    await page.getByRole('button', { name: 'Save Genres' }).click();
    await toast(page, 'Your favorite genres have been updated.');
    // As from a mail: a new tab opening /settings#notifications.
    const fromMail = await watchedPage(context);
    const tab = fromMail.page;
    await tab.goto(`${app.url}/settings#notifications`);
    const none = tab.getByRole('radiogroup', { name: 'New followers' }).getByRole('radio', { name: 'None' });
    await none.waitFor();
    expect(await none.getAttribute('aria-checked')).toBe('true');
    expect(await tab.getByRole('button', { name: 'Comedy' }).getAttribute('aria-pressed')).toBe('true');
    await tab.waitForFunction(() => {
      const top = document.getElementById('notifications')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < window.innerHeight / 2;
    });
    expect(await tab.getByRole('switch', { name: 'Show favorites' }).getAttribute('aria-checked')).toBe('false');

    // Nothing was stored for the refused upload: one file, the saved avatar.
    expect(fs.readdirSync(path.join(app.server.dataDir, 'uploads', me.id))).toEqual([avatarUrl!.split('/').pop()]);
    for (const w of [watch, fromMail.watch, viewerWatch]) {
      expect(w.consoleErrors).toEqual([]);
      expect(w.externalRequests).toEqual([]);
    }
    await stranger.close();
    await viewer.close();
    await context.close();
  });

  it('shows Settings for a link whose card name cannot be decoded (#%E0%A4%A), not an error page', async () => {
    const me = await app.signedIn({ width: 390, height: 844 }, { prefix: 'mangled' });
    const errors: string[] = [];
    me.page.on('pageerror', (error) => errors.push(error.message));
    await me.page.goto(`${app.url}/settings#%E0%A4%A`);
    await me.page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await me.page.getByText('Popup shows it in the app; email sends you a mail; both does both.').waitFor();
    expect(await me.page.getByText('Something went wrong').count()).toBe(0);
    expect(errors).toEqual([]);
    await me.context.close();
  });
});
