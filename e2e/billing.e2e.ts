import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { takeAllFoundingSpots, useApp } from './support/app';
import { screenshotAt } from './support/browser';

// A fresh embedded database takes long on a loaded machine (its start waits up to 120 s itself).
vi.setConfig({ hookTimeout: 300_000, testTimeout: 300_000 });
const app = useApp();
const SHOTS = '/tmp/shots-billing';
mkdirSync(SHOTS, { recursive: true });

const GAPS_SHOTS = '/tmp/shots-billing-gaps';
mkdirSync(GAPS_SHOTS, { recursive: true });
/** The three pages with the house-ad slot (ruling 14), each with what shows once it has loaded. */
const AD_PAGES = [
  { name: 'discover', path: '/discover', loaded: (p: Page) => p.getByRole('heading', { name: 'Discover', exact: true }) },
  { name: 'details', path: '/details/movie/550', loaded: (p: Page) => p.getByRole('heading', { name: 'Fight Club', exact: true }) },
  { name: 'search', path: '/search?q=fight', loaded: (p: Page) => p.getByRole('heading', { name: /^Movies/ }).first() },
] as const;

const access = async (context: BrowserContext) => (await (await context.request.get(`${app.url}/api/session`)).json()).access as { isPremium: boolean; isOnTrial: boolean };
const shot = (page: Page, name: string, width: 1280 | 390) => screenshotAt(page, SHOTS, name, width);
const shot2 = (page: Page, name: string, width: 1280 | 390) => screenshotAt(page, GAPS_SHOTS, name, width);

/** Each ad page loaded in full (the session known, so the slot decided) and without the ad, at both widths. */
async function expectNoAd(page: Page, prefix: string) {
  for (const p of AD_PAGES) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.url}${p.path}`);
    await p.loaded(page).waitFor();
    expect(await page.getByTestId('house-ad').count(), p.path).toBe(0);
    for (const width of [1280, 390] as const) await shot2(page, `${prefix}-${p.name}`, width);
  }
}

describe('billing on the offline default (issue 16 done-when)', () => {
  it('a free user sees the house ad, subscribes through the test checkout (a declined card changes nothing), becomes premium, switches plan, cancels at period end and resumes', async () => {
    // All founding spots taken, so the next accounts are free ones.
    await takeAllFoundingSpots(app);
    const { context, page } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'payer' });
    expect((await access(context)).isPremium).toBe(false);
    await page.getByTestId('house-ad').waitFor();
    await shot(page, 'discover-free', 1280);

    await page.goto(`${app.url}/pricing`);
    await page.getByRole('button', { name: 'Get 7-Day Free Trial' }).waitFor();
    await shot(page, 'pricing', 390);
    await shot(page, 'pricing', 1280);
    await page.getByRole('button', { name: 'Subscribe monthly' }).click();
    await page.waitForURL(/\/billing\/test-checkout\/cs_test_/);
    await page.getByText('Test mode', { exact: true }).waitFor();
    await page.getByText(/Reelmates Premium, monthly/).waitFor();

    // The declined card: its message, and no change.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined. Please use another card.' }).waitFor();
    expect((await access(context)).isPremium).toBe(false);
    await shot(page, 'checkout-declined', 390);
    await shot(page, 'checkout-declined', 1280);

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(`${app.url}/discover`);
    await page.getByText('Subscription Successful!', { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.has('session_id')).toBe(false);
    await shot(page, 'success', 1280);
    expect(await access(context)).toMatchObject({ isPremium: true, isOnTrial: false });
    // Premium: no more house ad.
    await page.reload();
    await page.getByRole('heading', { name: 'Discover', exact: true }).waitFor();
    expect(await page.getByTestId('house-ad').count()).toBe(0);

    // Manage Billing opens the (test) portal in a new tab.
    await page.goto(`${app.url}/settings`);
    const tabOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Manage Billing' }).click();
    const portal = await tabOpened;
    await portal.waitForURL(`${app.url}/billing/manage`);
    await portal.getByText('Premium monthly', { exact: false }).waitFor();
    await portal.getByText('Test mode', { exact: true }).waitFor();
    await shot(portal, 'manage', 1280);
    await portal.getByRole('button', { name: /Switch to yearly/ }).click();
    await portal.getByText(/Premium yearly/).waitFor();
    await portal.getByRole('button', { name: 'Cancel at period end' }).click();
    await portal
      .getByTestId('billing-period')
      .filter({ hasText: /^Cancels on / })
      .waitFor();
    await shot(portal, 'manage-canceling', 390);
    expect((await access(context)).isPremium).toBe(true);
    await page.reload();
    await page.getByText(/Your subscription is canceled and ends on/).waitFor();
    await portal.getByRole('button', { name: 'Resume subscription' }).click();
    await portal
      .getByTestId('billing-period')
      .filter({ hasText: /^Renews on / })
      .waitFor();
    expect((await access(context)).isPremium).toBe(true);
    await context.close();
  });

  it('a free user starts the trial from Settings with no card and Premium unlocks at once', async () => {
    const { context, page } = await app.signedIn({ width: 390, height: 844 }, { prefix: 'trier' });
    expect((await access(context)).isPremium).toBe(false);
    await page.goto(`${app.url}/settings`);
    await page.getByRole('button', { name: 'Get 7-Day Free Trial' }).click();
    await page.getByTestId('plan-title').filter({ hasText: 'Premium trial' }).waitFor();
    expect(await access(context)).toMatchObject({ isPremium: true, isOnTrial: true });
    await context.close();
  });

  it('the house ad: a free user sees it on Discover, details and search; the same user on a trial, a subscriber and a visitor never do', async () => {
    const { context, page } = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'adviewer' });
    expect((await access(context)).isPremium).toBe(false);
    for (const p of AD_PAGES) {
      await page.goto(`${app.url}${p.path}`);
      await p.loaded(page).waitFor();
      await page.getByTestId('house-ad').waitFor();
      for (const width of [1280, 390] as const) await shot2(page, `house-ad-free-${p.name}`, width);
    }

    // Premium by the trial: the slot is gone from all three.
    await page.goto(`${app.url}/settings`);
    await page.getByRole('button', { name: 'Get 7-Day Free Trial' }).click();
    await page.getByTestId('plan-title').filter({ hasText: 'Premium trial' }).waitFor();
    expect(await access(context)).toMatchObject({ isPremium: true, isOnTrial: true });
    await expectNoAd(page, 'house-ad-trial');
    await context.close();

    // Premium by a paid plan (the test checkout): none either.
    const payer = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'adpayer' });
    expect((await access(payer.context)).isPremium).toBe(false);
    await payer.page.goto(`${app.url}/pricing`);
    await payer.page.getByRole('button', { name: 'Subscribe monthly' }).click();
    await payer.page.waitForURL(/\/billing\/test-checkout\/cs_test_/);
    await payer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payer.page.getByLabel('CVC').fill('123');
    await payer.page.getByRole('button', { name: /^Pay/ }).click();
    await payer.page.getByText('Subscription Successful!', { exact: true }).waitFor();
    expect(await access(payer.context)).toMatchObject({ isPremium: true, isSubscribed: true });
    await expectNoAd(payer.page, 'house-ad-subscriber');
    await payer.context.close();

    // A visitor: the three pages are for members (they send a visitor to sign in), and no page shows the ad.
    const visitor = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const v = await visitor.newPage();
    for (const p of AD_PAGES) {
      await v.goto(`${app.url}${p.path}`);
      await v.waitForURL(`${app.url}/auth`);
      await v.getByRole('button', { name: 'Sign In' }).first().waitFor();
      expect(await v.getByTestId('house-ad').count()).toBe(0);
      for (const width of [1280, 390] as const) await shot2(v, `house-ad-visitor-${p.name}`, width);
    }
    for (const path of ['/', '/pricing', '/support']) {
      await v.goto(`${app.url}${path}`);
      await v.getByRole('contentinfo').first().waitFor();
      expect(await v.getByTestId('house-ad').count(), path).toBe(0);
    }
    await visitor.close();
  });

  it('a donation of 12 USD completes and the thank-you shows; 0.50 USD is refused', async () => {
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/support`);
    await page.getByRole('radio', { name: 'Custom' }).click();
    await page.getByLabel('Custom amount (USD)').fill('0.50');
    await page.getByRole('button', { name: 'Donate' }).click();
    await page.getByText('Please enter a valid amount of at least $1.').first().waitFor();
    await page.getByLabel('Custom amount (USD)').fill('12');
    const tabOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Donate' }).click();
    const checkout = await tabOpened;
    await checkout.waitForURL(/\/billing\/test-checkout\//);
    await checkout.getByText('$12.00', { exact: false }).first().waitFor();
    await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
    await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
    await checkout.getByLabel('CVC').fill('123');
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await checkout.waitForURL(`${app.url}/support`);
    await checkout.getByText('Thank you for your donation!').waitFor();
    await context.close();
  });
});
