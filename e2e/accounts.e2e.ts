import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { holdBack, watchedPage } from './support/browser';
import { mailLink, signedInPage, signIn, signUpInBrowser, uniqueUser, verifyViaMailbox } from './support/journeys';

const app = useApp();

// Expected failures of the API show in the console as "Failed to load resource"; the page handles them.
const expected4xx = [/Failed to load resource: the server responded with a status of 40[13]/];

describe('accounts, as a new user meets them', () => {
  it('signs up, verifies by mail, signs out, signs in, resets the password; the old session is refused', async () => {
    const user = uniqueUser();
    const context = await app.browser.newContext();
    const { page, watch } = await watchedPage(context, { allowConsoleErrors: expected4xx });

    await signUpInBrowser(page, app.url, user);
    await verifyViaMailbox(page, app.url, user.email);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Signed out', { exact: true }).waitFor();
    await page.waitForURL(`${app.url}/`);

    await signIn(page, app.url, user.email, 'Wrong-Pass1!');
    await page.getByRole('alert').getByText('Invalid email or password. Please check your credentials and try again.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Welcome!', { exact: true }).waitFor();
    await page.waitForURL(`${app.url}/discover`);

    // A second browser keeps the session opened before the reset.
    const oldContext = await app.browser.newContext({ storageState: await context.storageState() });
    const oldSession = async () => (await oldContext.request.get(`${app.url}/api/session`)).json();
    expect((await oldSession()).user.email).toBe(user.email);

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.goto(`${app.url}/auth`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Reset link sent').waitFor();

    await page.goto(await mailLink(app.url, user.email, /Reset your Reelmates password/));
    await page.getByLabel('New password', { exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass2');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass3');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass2');
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass2!');
    await page.getByLabel('Confirm new password').fill('Brand-New-Pass2!');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL(`${app.url}/auth`);

    expect((await oldSession()).user).toBeNull();
    await signIn(page, app.url, user.email, 'Brand-New-Pass2!');
    await page.waitForURL(`${app.url}/discover`);
    expect(watch.consoleErrors).toEqual([]);
    await oldContext.close();
    await context.close();
  });

  it('goes home after Sign Out even when the session is asked again while the home page’s code is still coming', async () => {
    const context = await app.browser.newContext();
    const { page, watch } = await signedInPage(context, app.url, 'outslow', expected4xx);
    // Home's code takes two seconds (a slow phone); the session is asked again meanwhile, as when the
    // tab regains focus or the event stream is refused: the answer (nobody) must not send it to /auth.
    await holdBack(page, /\/assets\/landing-page-[\w-]+\.js$/);
    const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-out'));
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await signedOut;
    const sessionAsked = page.waitForResponse((r) => r.url().endsWith('/api/session'));
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await sessionAsked;
    await page.getByText('Signed out', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Find your watch buddy', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // Home reached, a protected page asks to sign in again.
    await page.evaluate(() => {
      history.pushState(null, '', '/settings');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${app.url}/auth`);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows the spec messages for an existing e-mail and a reused reset link', async () => {
    const user = uniqueUser('dup');
    const context = await app.browser.newContext();
    const { page } = await watchedPage(context, { allowConsoleErrors: [/Failed to load resource/] });
    await signUpInBrowser(page, app.url, user);

    await page.goto(`${app.url}/auth`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Log In' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Username').fill(`${user.username}x`);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel(/Terms of Service/).check();
    await page.getByLabel(/Privacy Policy/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Account already exists').waitFor();
    await page.getByText('An account with this email address already exists. Please sign in instead.').waitFor();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();

    await page.goto(`${app.url}/auth-password-reset?token=not-a-real-token`);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    await page.getByRole('link', { name: 'Request a new one' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await context.close();
  });
});

describe('settings, account part', () => {
  it('changes the password and deletes the account only after DELETE is typed', async () => {
    const user = uniqueUser('set');
    const context = await app.browser.newContext();
    const { page, watch } = await watchedPage(context, { allowConsoleErrors: expected4xx });
    await signUpInBrowser(page, app.url, user);
    await verifyViaMailbox(page, app.url, user.email);

    await page.goto(`${app.url}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByText(user.email).waitFor();
    await page
      .getByText(/Founding Member/)
      .first()
      .waitFor();

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password must be at least 8 characters long.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('Changed-Pass9!');
    await page.getByLabel('Confirm new password').fill('Changed-Pass9?');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText("Passwords don't match.").waitFor();
    await page.getByLabel('Confirm new password').fill('Changed-Pass9!');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully.').waitFor();

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('button', { name: 'Delete my account' });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByLabel('Type DELETE').fill('delete');
    await page.getByLabel('Type DELETE').press('Enter');
    await page.getByText('Confirmation required').waitFor();
    await page.getByLabel('Type DELETE').fill('DELETE');
    await confirm.click();
    await page.getByText('Account deleted', { exact: true }).waitFor();
    await page.waitForURL(`${app.url}/`);

    const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.url },
      body: JSON.stringify({ email: user.email, password: 'Changed-Pass9!' }),
    });
    expect(res.status).toBe(401);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('redirects for signed-in users', () => {
  it('sends old and alternative routes to their canonical pages', async () => {
    const user = uniqueUser('nav');
    const context = await app.browser.newContext();
    const { page } = await watchedPage(context, { allowConsoleErrors: expected4xx });
    await signUpInBrowser(page, app.url, user);
    await verifyViaMailbox(page, app.url, user.email);
    const cases: [string, string][] = [
      ['/messages/abc123', '/messages?conversation_with=abc123'],
      ['/message/abc123', '/messages?conversation_with=abc123'],
      ['/advanced-discovery?type=tv', '/advanced-discover?type=tv'],
      ['/movie/550', '/details/movie/550'],
      ['/tv/1396', '/details/tv/1396'],
      ['/', '/discover'],
    ];
    for (const [from, to] of cases) {
      await page.goto(`${app.url}${from}`);
      await page.waitForURL((url) => url.pathname + url.search === to);
    }
    await context.close();
  });
});
