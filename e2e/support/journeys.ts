import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { watchedPage } from './browser';

let n = 0;
export function uniqueUser(prefix = 'fan') {
  n++;
  const id = `${Date.now().toString(36)}${n}`;
  return { email: `${prefix}${id}@example.com`, username: `${prefix}_${id}`, password: 'Sup3r-Secret!', fullName: `${prefix} ${id}` };
}

/** The first link in the newest mail to `to` whose subject matches, from the dev mailbox API. */
export async function mailLink(baseUrl: string, to: string, subject: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { mails } = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { mails: { subject: string; text: string; status: string }[] };
    const mail = mails.find((m) => subject.test(m.subject) && m.status === 'sent');
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail "${subject}" to ${to}`);
}

/**
 * A verified account made over the API (sign-up, then the mailed link followed), with no browser.
 * `from`: the client's address as a proxy passes it on (X-Forwarded-For; the server needs TRUST_PROXY=true),
 * for more sign-ups than one address may make in an hour.
 */
export async function signUpOverApi(baseUrl: string, user: ReturnType<typeof uniqueUser>, from?: string) {
  const res = await fetch(`${baseUrl}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({ ...user, acceptTerms: true, acceptPrivacy: true }),
  });
  expect(res.status).toBe(201);
  await fetch(await mailLink(baseUrl, user.email, /Verify your e-mail/), { redirect: 'manual' });
}

export async function signUpInBrowser(page: Page, baseUrl: string, user: ReturnType<typeof uniqueUser>) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await page.getByRole('heading', { name: 'Create Account' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByText('Username is available!').waitFor();
  await page.getByLabel(/Full name/).fill(user.fullName);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel(/Terms of Service/).check();
  await page.getByLabel(/Privacy Policy/).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Check your email' }).waitFor();
}

export async function verifyViaMailbox(page: Page, baseUrl: string, email: string) {
  const link = await mailLink(baseUrl, email, /Verify your e-mail/);
  await page.goto(link);
  await page.getByText('Email verified!').waitFor();
  await page.waitForURL(`${baseUrl}/discover`);
  expect(new URL(page.url()).hash).toBe('');
}

export async function signIn(page: Page, baseUrl: string, email: string, password: string) {
  await page.goto(`${baseUrl}/auth`);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * Navigates and waits until the tab's event stream is open: live updates are for events that happen
 * while a tab listens (what came before is fetched with the page).
 */
export async function gotoListening(page: Page, url: string) {
  const streamOpen = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
  await page.goto(url);
  await streamOpen;
}

/**
 * A new verified user, signed up through the API; the verification link followed in a new watched
 * page of `context` signs in. `allowConsoleErrors` are console errors the test expects.
 */
export async function signedInPage(context: BrowserContext, baseUrl: string, prefix: string, allowConsoleErrors: RegExp[] = []) {
  const user = uniqueUser(prefix);
  const res = await context.request.post(`${baseUrl}/api/accounts/sign-up`, {
    data: { email: user.email, password: user.password, username: user.username, fullName: user.fullName, acceptTerms: true, acceptPrivacy: true },
  });
  expect(res.status()).toBe(201);
  const { page, watch } = await watchedPage(context, { allowConsoleErrors });
  await gotoListening(page, await mailLink(baseUrl, user.email, /Verify your e-mail/));
  await page.waitForURL(`${baseUrl}/discover`);
  const session = (await (await context.request.get(`${baseUrl}/api/session`)).json()) as { user: { id: string } };
  return { ...user, id: session.user.id, page, watch };
}
