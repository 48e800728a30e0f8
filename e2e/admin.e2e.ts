import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { takeAllFoundingSpots, useApp } from './support/app';
import { screenshotAt, watchedPage } from './support/browser';
import { mailLink, signIn, signUpInBrowser, uniqueUser } from './support/journeys';

// Issue 17's done-when, as people would do it: A reports B; an admin made by ADMIN_EMAILS sees the
// report with the badge count and bans B; B's open tab is signed out on its next request and B
// cannot sign in again; the report leaves the open list and the audit log has the ban. Then the
// admin blocks an address (sign-up refused), unblocks it (sign-up works).
const ADMIN_EMAIL = 'chief.moderator@example.com';
const BILLING_ADMIN_EMAIL = 'billing.admin@example.com';
const TREASURER_EMAIL = 'treasurer@example.com';
const SHOTS = '/tmp/shots-admin';
mkdirSync(SHOTS, { recursive: true });
const GAPS_SHOTS = '/tmp/shots-billing-gaps';
mkdirSync(GAPS_SHOTS, { recursive: true });
const app = useApp({ env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${BILLING_ADMIN_EMAIL},${TREASURER_EMAIL}` } });

// A banned tab's requests are refused (401/403) on purpose, and a blocked sign-up answers 403.
const expected = [/Failed to load resource: the server responded with a status of (401|403|404)/];

async function member(user: ReturnType<typeof uniqueUser>): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const res = await context.request.post(`${app.url}/api/accounts/sign-up`, {
    data: { email: user.email, password: user.password, username: user.username, fullName: user.fullName, acceptTerms: true, acceptPrivacy: true },
  });
  expect(res.status()).toBe(201);
  const { page } = await watchedPage(context, { allowConsoleErrors: expected });
  await page.goto(await mailLink(app.url, user.email, /Verify your e-mail/));
  await page.waitForURL(`${app.url}/discover`);
  const session = (await (await context.request.get(`${app.url}/api/session`)).json()) as { user: { id: string } };
  return { context, page, id: session.user.id };
}

describe('admin area', () => {
  it('a report leads to a ban that signs the user out everywhere; a blocked address cannot sign up until unblocked', async () => {
    const aUser = uniqueUser('alice');
    const bUser = uniqueUser('bob');
    const chief = { ...uniqueUser('chief'), email: ADMIN_EMAIL };
    const a = await member(aUser);
    const b = await member(bUser);
    const admin = await member(chief);

    // A reports B from B's profile.
    await a.page.goto(`${app.url}/${bUser.username}`);
    await a.page.getByRole('button', { name: 'Report' }).click();
    await a.page.getByLabel('Reason').fill('Sending scam links');
    await a.page.getByRole('button', { name: 'Submit Report' }).click();
    await a.page.getByText('Report Submitted', { exact: true }).waitFor();

    // B's tab is open on a page of the app.
    await b.page.goto(`${app.url}/settings`);
    await b.page.getByRole('heading', { name: 'Settings' }).waitFor();

    // The admin (ADMIN_EMAILS) sees Admin Controls with the badge and the report.
    await admin.page.goto(`${app.url}/settings`);
    const card = admin.page.locator('#admin');
    await card.getByText('1 open reports').waitFor();
    const report = card
      .getByRole('list', { name: 'Open user reports' })
      .getByRole('listitem')
      .filter({ hasText: `@${bUser.username}` });
    await report.getByText('Sending scam links').waitFor();
    await report.getByText(`@${aUser.username}`).waitFor();
    await report.getByRole('button', { name: 'Ban' }).click();
    await admin.page.getByText('User banned', { exact: true }).waitFor();
    await card.getByText('No open user reports.').waitFor();
    await card.getByText('0 open reports').waitFor();

    // B's open tab: its next request is refused, and the app sends it to sign in.
    await b.page.getByRole('link', { name: 'Back to Profile' }).click();
    await b.page.waitForURL(`${app.url}/auth`, { timeout: 15_000 });
    await signIn(b.page, app.url, bUser.email, bUser.password);
    await b.page.getByText('Your account has been banned: Banned by admin after user report.').waitFor();
    // Others see B's profile as not found.
    await a.page.goto(`${app.url}/profile/${b.id}`);
    await a.page.getByText('Profile not found').first().waitFor();

    // The audit log has the ban.
    await card.getByRole('radio', { name: 'Audit log' }).click();
    await card.getByRole('list', { name: 'Audit log' }).getByText(`banned ${bUser.username}`, { exact: false }).waitFor();

    // Blocking an address refuses its sign-up; unblocking lets it through.
    const newcomer = uniqueUser('newbie');
    await card.getByRole('radio', { name: 'Users' }).click();
    await card.getByLabel('Email address to block or unblock').fill(newcomer.email);
    await card.getByRole('button', { name: 'Block email' }).first().click();
    await admin.page.getByText('Email blocked', { exact: true }).waitFor();

    const visitor = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page: v } = await watchedPage(visitor, { allowConsoleErrors: expected });
    await v.goto(`${app.url}/`);
    await v.getByRole('link', { name: 'Sign Up' }).click();
    await v.getByLabel('Email', { exact: true }).fill(newcomer.email);
    await v.getByLabel('Username').fill(newcomer.username);
    await v.getByText('Username is available!').waitFor();
    await v.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await v.getByLabel(/Terms of Service/).check();
    await v.getByLabel(/Privacy Policy/).check();
    await v.getByRole('button', { name: 'Create Account' }).click();
    await v.getByText('This email address cannot be used to create an account.', { exact: false }).waitFor();

    await card.getByRole('button', { name: 'Unblock', exact: true }).click();
    await admin.page.getByText('Email unblocked', { exact: true }).waitFor();
    await signUpInBrowser(v, app.url, newcomer);

    await card.getByRole('radio', { name: 'Audit log' }).click();
    await card.getByText(`blocked ${newcomer.email}`, { exact: false }).first().waitFor();
    await card.getByText(`unblocked ${newcomer.email}`, { exact: false }).waitFor();

    // Each panel at both widths (the done-when), with the card at the top of the screen.
    for (const [panel, shown] of [
      ['User reports', 'No open user reports.'],
      ['Post reports', 'No open post reports.'],
      ['Users', `@${bUser.username}`],
      ['Support', null],
      ['Donations', 'No donations yet.'],
      ['Audit log', `banned ${bUser.username}`],
    ] as const) {
      await card.getByRole('radio', { name: new RegExp(`^${panel}`) }).click();
      if (shown) await card.getByText(shown, { exact: false }).first().waitFor();
      for (const width of [1280, 390] as const) await screenshotAt(admin.page, SHOTS, panel.toLowerCase().replace(' ', '-'), width, card);
    }
    for (const c of [a.context, b.context, admin.context, visitor]) await c.close();
  }, 240_000);

  it("cancels a member's subscription from the users list after a confirmation: the member is free at once, and the audit log says so", async () => {
    // All founding spots taken, so the payer is a free member who subscribes (the server restarts to write it).
    await takeAllFoundingSpots(app);
    const payerUser = uniqueUser('payer');
    const payer = await member(payerUser);
    const admin = await member({ ...uniqueUser('billing'), email: BILLING_ADMIN_EMAIL });
    const premium = async () => ((await (await payer.context.request.get(`${app.url}/api/session`)).json()) as { access: { isPremium: boolean } }).access.isPremium;
    expect(await premium()).toBe(false);

    // The payer subscribes through the test checkout.
    await payer.page.goto(`${app.url}/pricing`);
    await payer.page.getByRole('button', { name: 'Subscribe monthly' }).click();
    await payer.page.waitForURL(/\/billing\/test-checkout\/cs_test_/);
    await payer.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await payer.page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await payer.page.getByLabel('CVC').fill('123');
    await payer.page.getByRole('button', { name: /^Pay/ }).click();
    await payer.page.getByText('Subscription Successful!', { exact: true }).waitFor();
    expect(await premium()).toBe(true);

    // The admin finds the payer; Cancel subscription asks first, and 'Keep subscription' changes nothing.
    await admin.page.goto(`${app.url}/settings`);
    const card = admin.page.locator('#admin');
    await card.getByRole('radio', { name: 'Users' }).click();
    await card.getByLabel('Search users').fill(payerUser.username);
    const row = card.getByRole('listitem').filter({ hasText: `@${payerUser.username}` });
    await row.getByText('Premium', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Cancel subscription' }).click();
    const confirm = admin.page.getByRole('dialog', { name: `Cancel @${payerUser.username}'s subscription?` });
    await confirm.getByRole('button', { name: 'Keep subscription' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await premium()).toBe(true);
    await admin.page.screenshot({ path: '/tmp/shots-admin-users-1280.png', fullPage: true });

    await row.getByRole('button', { name: 'Cancel subscription' }).click();
    await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
    await admin.page.getByText('Subscription cancelled', { exact: true }).waitFor();
    await expect.poll(() => row.getByRole('button', { name: 'Cancel subscription' }).count(), { timeout: 10_000 }).toBe(0);
    expect(await premium()).toBe(false);
    // The member's next page shows the free plan's house ad again.
    await payer.page.goto(`${app.url}/discover`);
    await payer.page.getByTestId('house-ad').waitFor();

    await card.getByRole('radio', { name: 'Audit log' }).click();
    await card.getByRole('list', { name: 'Audit log' }).getByText(`cancelled the subscription of ${payerUser.username}`, { exact: false }).waitFor();
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await admin.page.screenshot({ path: '/tmp/shots-admin-audit-390.png', fullPage: true });
    for (const c of [payer.context, admin.context]) await c.close();
  }, 240_000);

  it("a donation made through the test checkout shows in the admin's Donations panel: the member by name, a visitor as Anonymous", async () => {
    const giverUser = uniqueUser('giver');
    const giver = await member(giverUser);
    const admin = await member({ ...uniqueUser('treasurer'), email: TREASURER_EMAIL });
    const visitor = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page: v } = await watchedPage(visitor, { allowConsoleErrors: expected });

    /** Donates on /support: the checkout opens in a new tab and is paid with Stripe's test card. */
    async function donate(page: Page, context: BrowserContext, dollars: string) {
      await page.goto(`${app.url}/support`);
      await page.getByRole('radio', { name: 'Custom' }).click();
      await page.getByLabel('Custom amount (USD)').fill(dollars);
      const tabOpened = context.waitForEvent('page');
      await page.getByRole('button', { name: 'Donate' }).click();
      const checkout = await tabOpened;
      await checkout.waitForURL(/\/billing\/test-checkout\//);
      await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
      await checkout.getByLabel('Expiry (MM/YY)').fill('12/34');
      await checkout.getByLabel('CVC').fill('123');
      await checkout.getByRole('button', { name: /^Pay/ }).click();
      await checkout.getByText('Thank you for your donation!').waitFor();
      await checkout.close();
    }
    await donate(v, visitor, '5');
    await donate(giver.page, giver.context, '12');

    await admin.page.goto(`${app.url}/settings`);
    const card = admin.page.locator('#admin');
    await card.getByRole('radio', { name: 'Donations' }).click();
    const list = card.getByRole('list', { name: 'Donations' });
    const items = list.getByRole('listitem');
    await items.first().waitFor();
    // Newest first: the member's 12 USD, then the visitor's 5 USD.
    const mine = items.nth(0);
    await mine.getByText(`@${giverUser.username}`, { exact: true }).waitFor();
    await mine.getByText('$12.00').waitFor();
    await mine.getByText('completed').waitFor();
    const anonymous = items.nth(1);
    await anonymous.getByText('Anonymous', { exact: true }).waitFor();
    await anonymous.getByText('$5.00').waitFor();
    await card.getByText('2 donations').waitFor();
    for (const width of [1280, 390] as const) await screenshotAt(admin.page, GAPS_SHOTS, 'admin-donations', width, card);

    // A member who is not an admin cannot read them.
    expect((await giver.context.request.get(`${app.url}/api/admin/donations`)).status()).toBe(403);
    for (const c of [giver.context, admin.context, visitor]) await c.close();
  }, 240_000);
});
