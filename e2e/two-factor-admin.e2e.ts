import { mkdirSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { screenshotAt, watchedPage } from './support/browser';
import { mailLink, uniqueUser } from './support/journeys';

const ADMIN_EMAIL = 'guarded.admin@example.com';
const app = useApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, REQUIRE_ADMIN_2FA: 'true' } });
const SHOTS = '/tmp/shots-twofa';
mkdirSync(SHOTS, { recursive: true });

describe('REQUIRE_ADMIN_2FA (issue 20, part 3)', () => {
  it('an admin without two-factor sign-in is sent to set it up, and has the admin controls once it is on', async () => {
    const admin = { ...uniqueUser('guarded'), email: ADMIN_EMAIL };
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const res = await context.request.post(`${app.url}/api/accounts/sign-up`, {
      data: { email: admin.email, password: admin.password, username: admin.username, fullName: admin.fullName, acceptTerms: true, acceptPrivacy: true },
    });
    expect(res.status()).toBe(201);
    const { page, watch } = await watchedPage(context);
    await page.goto(await mailLink(app.url, admin.email, /Verify your e-mail/));
    await page.waitForURL(`${app.url}/discover`);

    // The admin routes refuse, saying where to go.
    const refused = await context.request.get(`${app.url}/api/admin/overview`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('two_factor_required');

    // Settings: a notice in place of the admin controls, and the card says why.
    await page.goto(`${app.url}/settings`);
    const notice = page.getByRole('alert').filter({ hasText: 'Admin tools need two-factor authentication.' });
    await notice.waitFor();
    const card = page.locator('#two-factor');
    await card.getByText('Your account is an admin account: admin tools need two-factor authentication. Turn it on to use them.').waitFor();
    expect(await page.locator('#admin').count()).toBe(0);
    await screenshotAt(page, SHOTS, 'admin-required', 1280, notice);
    await screenshotAt(page, SHOTS, 'admin-required', 390, notice);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).first().click();
    await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await card.getByLabel('Current password').fill(admin.password);
    await card.getByRole('button', { name: 'Continue' }).click();
    const key = (await card.locator('#two-factor-key').innerText()).replace(/\s/g, '');
    await card.getByLabel('6-digit code').fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
    await card.getByRole('button', { name: 'Verify and turn on' }).click();
    await card.getByRole('button', { name: 'I have saved my codes' }).click();

    // Now the admin controls are there and answer.
    await page.locator('#admin').waitFor();
    expect(await notice.count()).toBe(0);
    expect((await context.request.get(`${app.url}/api/admin/overview`)).status()).toBe(200);

    expect(watch.consoleErrors, JSON.stringify(watch.consoleErrors)).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  }, 120_000);
});
