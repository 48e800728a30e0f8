import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { screenshotAt, watchedPage } from './support/browser';
import { signIn } from './support/journeys';

const app = useApp();
const SHOTS = '/tmp/shots-devices';
mkdirSync(SHOTS, { recursive: true });

const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const TABLET_UA = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// A signed-out tab's requests are refused (401) on purpose: the app then sends it to sign in.
const refused = [/Failed to load resource: the server responded with a status of 401/];

describe('signed-in devices (issue 20, part 5)', () => {
  it('lists the devices, signs one out (its open tab is sent to sign in), then every other one after a confirmation', async () => {
    const laptop = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'devices' });
    // The same account on a phone and a tablet, each a browser of its own.
    const phoneContext = await app.browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA });
    const tabletContext = await app.browser.newContext({ viewport: { width: 800, height: 1100 }, userAgent: TABLET_UA });
    const phone = await watchedPage(phoneContext, { allowConsoleErrors: refused });
    const tablet = await watchedPage(tabletContext, { allowConsoleErrors: refused });
    for (const { page } of [phone, tablet]) {
      await signIn(page, app.url, laptop.email, laptop.password);
      await page.waitForURL(`${app.url}/discover`);
    }

    const page = laptop.page;
    await page.goto(`${app.url}/settings`);
    const card = page.locator('#devices');
    const list = card.getByRole('list', { name: 'Signed-in devices' });
    await list.getByRole('listitem').nth(2).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(3);
    // This device first, marked; the others by browser and system.
    await expect.poll(() => list.getByRole('listitem').first().innerText()).toContain('This device');
    await list.getByText('Safari 17 on iOS', { exact: true }).waitFor();
    await list.getByText('Chrome 131 on Android', { exact: true }).waitFor();
    await screenshotAt(page, SHOTS, 'settings', 1280, card);

    // Signing out the phone: the phone's open tab is sent to sign in at its next request.
    await card.getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click();
    await page.getByText('Device signed out', { exact: true }).waitFor();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    await phone.page.goto(`${app.url}/settings`);
    await phone.page.waitForURL(`${app.url}/auth`, { timeout: 15_000 });

    // Sign out everywhere else: asked first; the tablet is signed out, this device stays.
    await card.getByRole('button', { name: 'Sign out everywhere else' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out everywhere else?' });
    await confirm.getByText('One other device is signed out at once; this one stays signed in.').waitFor();
    await screenshotAt(page, SHOTS, 'confirm', 390);
    await confirm.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await page.getByText('1 other device signed out', { exact: true }).waitFor();
    await card.getByText('No other device is signed in.').waitFor();
    expect(await card.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled()).toBe(true);
    await tablet.page.goto(`${app.url}/settings`);
    await tablet.page.waitForURL(`${app.url}/auth`, { timeout: 15_000 });
    // This device is still signed in.
    expect((await laptop.context.request.get(`${app.url}/api/me/sessions`)).status()).toBe(200);
    await screenshotAt(page, SHOTS, 'settings-after', 390, card);

    for (const w of [laptop.watch, phone.watch, tablet.watch]) expect(w.consoleErrors).toEqual([]);
    expect(laptop.watch.externalRequests).toEqual([]);
    for (const c of [laptop.context, phoneContext, tabletContext]) await c.close();
  }, 120_000);
});
