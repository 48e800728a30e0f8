import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { screenshotAt } from './support/browser';
import { signIn } from './support/journeys';

const app = useApp();
const SHOTS = '/tmp/shots-twofa';
mkdirSync(SHOTS, { recursive: true });

// A wrong backup code is answered 401 and a wrong password 400 on purpose; the page shows why.
const refused = [/Failed to load resource: the server responded with a status of 40[01]/];

/** Serious and critical axe violations (WCAG 2.2 A/AA) of the page as it is now. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).setLegacyMode().withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The subjects of the mails the dev mailbox holds for `to`. */
async function subjects(to: string): Promise<string[]> {
  const res = await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mails: { subject: string }[] }).mails.map((m) => m.subject);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByText('Signed out', { exact: true }).waitFor();
  await page.waitForURL(`${app.url}/`);
}

describe('two-factor sign-in (issue 20, part 3)', () => {
  it('turns on TOTP in Settings from the shown key, generates new backup codes, then signs in with password and code, then with a new backup code (an old one is refused), which then stops working', async () => {
    const me = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'twofa', allowConsoleErrors: refused });
    const { page } = me;

    await page.goto(`${app.url}/settings`);
    const card = page.locator('#two-factor');
    await card.getByRole('heading', { name: /Two-factor authentication/ }).waitFor();
    await card.getByText('Off', { exact: true }).waitFor();
    await screenshotAt(page, SHOTS, 'card-off', 1280, card);
    await screenshotAt(page, SHOTS, 'card-off', 390, card);

    await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await card.getByLabel('Current password').fill(me.password);
    await card.getByRole('button', { name: 'Continue' }).click();
    await card.getByRole('heading', { name: 'Scan this QR code' }).waitFor();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshotAt(page, SHOTS, 'qr-step', 1280, card);
    await screenshotAt(page, SHOTS, 'qr-step', 390, card);

    // The authenticator app: the key read off the page, as a person would type it in.
    const key = (await card.locator('#two-factor-key').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]+$/);
    const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
    await card.getByLabel('6-digit code').fill(totp.generate());
    await card.getByRole('button', { name: 'Verify and turn on' }).click();

    // Ten backup codes, shown once, with a download of them as a .txt file.
    await card.getByRole('heading', { name: 'Save your backup codes' }).waitFor();
    const codes = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
    expect(codes).toHaveLength(10);
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download codes (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('reelmates-backup-codes.txt');
    const saved = readFileSync(await download.path(), 'utf8');
    for (const c of codes) expect(saved).toContain(c);
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await card.getByText('On', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Turn off two-factor authentication' }).waitFor();
    await screenshotAt(page, SHOTS, 'card-on', 1280, card);
    await screenshotAt(page, SHOTS, 'card-on', 390, card);

    // New backup codes: the password (a wrong one is refused, with why), then ten new codes shown
    // once; the old ones stop working (checked at sign-in below).
    await card.getByRole('button', { name: 'Generate new backup codes' }).click();
    await card.getByText('Enter your password to get new backup codes. The codes you have now will stop working.').waitFor();
    await card.getByLabel('Current password').fill('Wr0ng-Password!');
    await card.getByRole('button', { name: 'Generate new backup codes' }).click();
    await card.getByText('Your password is not correct.').waitFor();
    await screenshotAt(page, SHOTS, 'regenerate-password', 1280, card);
    await screenshotAt(page, SHOTS, 'regenerate-password', 390, card);
    await card.getByLabel('Current password').fill(me.password);
    await card.getByRole('button', { name: 'Generate new backup codes' }).click();
    await card.getByRole('heading', { name: 'Save your new backup codes' }).waitFor();
    await page.getByText('New backup codes generated', { exact: true }).waitFor();
    const fresh = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts();
    expect(fresh).toHaveLength(10);
    expect(fresh.filter((c) => codes.includes(c))).toEqual([]);
    await screenshotAt(page, SHOTS, 'new-codes', 1280, card);
    await screenshotAt(page, SHOTS, 'new-codes', 390, card);
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await card.getByRole('button', { name: 'Generate new backup codes' }).waitFor();

    // Sign out, then in: the password, then the code step.
    await signOut(page);
    await signIn(page, app.url, me.email, me.password);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await page.getByRole('button', { name: 'Use a backup code' }).waitFor();
    await page.getByLabel('Trust this device for 30 days').waitFor();
    expect(await violations(page)).toEqual([]);
    await screenshotAt(page, SHOTS, 'code-step', 1280);
    await screenshotAt(page, SHOTS, 'code-step', 390);
    await page.getByLabel('6-digit code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Welcome!', { exact: true }).waitFor();
    await page.waitForURL(`${app.url}/discover`);

    // A backup code of the first set: replaced, so refused, with why.
    await signOut(page);
    await signIn(page, app.url, me.email, me.password);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That backup code is not correct or was used already.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');

    // Then with a new backup code.
    await page.getByLabel('Backup code').fill(fresh[0]!);
    await screenshotAt(page, SHOTS, 'backup-step', 390);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.url}/discover`);

    // The same backup code a second time: refused, with why.
    await signOut(page);
    await signIn(page, app.url, me.email, me.password);
    await page.getByRole('button', { name: 'Use a backup code' }).click();
    await page.getByLabel('Backup code').fill(fresh[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That backup code is not correct or was used already.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect((await me.context.request.get(`${app.url}/api/me/two-factor`)).status()).toBe(401);

    // The dev mailbox: two-factor turned on and new backup codes, told once each; the sign-ins from the browser that signed
    // up, a known device, told nothing.
    await expect.poll(() => subjects(me.email)).toContain('Two-factor authentication is on for your Reelmates account');
    await expect.poll(() => subjects(me.email)).toContain('New backup codes for your Reelmates account');
    const told = await subjects(me.email);
    expect(told.filter((s) => s === 'Two-factor authentication is on for your Reelmates account')).toHaveLength(1);
    expect(told.filter((s) => s === 'New sign-in to your Reelmates account')).toEqual([]);
    expect(told.filter((s) => s === 'New backup codes for your Reelmates account')).toHaveLength(1);

    expect(me.watch.consoleErrors).toEqual([]);
    expect(me.watch.externalRequests).toEqual([]);
    await me.context.close();
  }, 120_000);
});
