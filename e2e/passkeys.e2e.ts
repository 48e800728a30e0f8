import { mkdirSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSKEY_TEXT } from '../src/shared/passkeys';
import { useApp } from './support/app';
import { screenshotAt } from './support/browser';
import { signedInPage } from './support/journeys';

// A removed passkey's sign-in is refused (401) on purpose; the page shows why.
const app = useApp({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 401/] });
const SHOTS = '/tmp/shots-passkey';
mkdirSync(SHOTS, { recursive: true });

/** A virtual platform authenticator in this page's browser (the DevTools protocol's WebAuthn domain). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, id: authenticatorId };
}

async function signOut(page: Page, base: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.getByText('Signed out', { exact: true }).waitFor();
  await page.waitForURL(`${base}/`);
}

async function signInWithPasskey(page: Page, base: string) {
  await page.goto(`${base}/auth`);
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await page.getByRole('button', { name: PASSKEY_TEXT.signIn }).click();
}

describe('passkeys (issue 20, part 4)', () => {
  it('registers a passkey in Settings, names it, signs in with it from /auth; removed, it signs in no more', async () => {
    // WebAuthn needs a domain as its relying party: offline that is localhost (not 127.0.0.1).
    const base = app.url.replace('127.0.0.1', 'localhost');
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const user = await signedInPage(context, base, 'pk', [/Failed to load resource: the server responded with a status of 401/]);
    const { page, watch } = user;
    const { cdp, id: authenticatorId } = await virtualAuthenticator(page);

    // Settings: no passkey yet; add one, named after this browser.
    await page.goto(`${base}/settings#passkeys`);
    const card = page.locator('#passkeys');
    await card.getByText(PASSKEY_TEXT.none).waitFor();
    await card.getByRole('button', { name: PASSKEY_TEXT.add }).click();
    await page.getByText(PASSKEY_TEXT.added, { exact: true }).waitFor();
    const list = card.getByRole('list', { name: PASSKEY_TEXT.title });
    await list.getByText('Chrome on Linux', { exact: true }).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // The same device again: the browser refuses (it holds one for this account already), and the card says so.
    await card.getByRole('button', { name: PASSKEY_TEXT.add }).click();
    await card.getByRole('alert').getByText(PASSKEY_TEXT.alreadyRegistered).waitFor();

    // Rename it.
    await list.getByRole('button', { name: `${PASSKEY_TEXT.rename} Chrome on Linux` }).click();
    const name = list.getByLabel(PASSKEY_TEXT.nameLabel);
    await name.fill('x'.repeat(51));
    await list.getByRole('button', { name: PASSKEY_TEXT.save }).click();
    await list.getByRole('alert').getByText('Please keep the name to 50 characters or fewer.').waitFor();
    await name.fill('  Work laptop ');
    await list.getByRole('button', { name: PASSKEY_TEXT.save }).click();
    await page.getByText(PASSKEY_TEXT.renamed, { exact: true }).waitFor();
    await list.getByText('Work laptop', { exact: true }).waitFor();
    await screenshotAt(page, SHOTS, 'passkeys-card', 1280, card);
    await screenshotAt(page, SHOTS, 'passkeys-card', 390, card);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Signed out, sign in with the passkey from /auth: no email, no password.
    await signOut(page, base);
    await page.goto(`${base}/auth`);
    await page.getByRole('button', { name: PASSKEY_TEXT.signIn }).waitFor();
    await screenshotAt(page, SHOTS, 'auth-passkey', 1280);
    await screenshotAt(page, SHOTS, 'auth-passkey', 390);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInWithPasskey(page, base);
    await page.waitForURL(`${base}/discover`);
    const session = (await (await context.request.get(`${base}/api/session`)).json()) as { user: { id: string } | null };
    expect(session.user?.id).toBe(user.id);

    // Remove it in Settings, after a confirmation.
    await page.goto(`${base}/settings#passkeys`);
    await list.getByRole('button', { name: `${PASSKEY_TEXT.remove} Work laptop` }).click();
    const confirm = page.getByRole('dialog', { name: PASSKEY_TEXT.removeTitle });
    await confirm.getByRole('button', { name: PASSKEY_TEXT.remove, exact: true }).click();
    await page.getByText(PASSKEY_TEXT.removed, { exact: true }).waitFor();
    await card.getByText(PASSKEY_TEXT.none).waitFor();

    // The device still offers it, but the account no longer knows it: refused, with the reason.
    await signOut(page, base);
    await signInWithPasskey(page, base);
    await page.getByRole('alert').getByText(PASSKEY_TEXT.unknownPasskey).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(((await (await context.request.get(`${base}/api/session`)).json()) as { user: unknown }).user).toBeNull();

    // Nothing on the device either: the browser answers "not allowed", shown as cancelled or timed out.
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
    await page.getByRole('button', { name: PASSKEY_TEXT.signIn }).click();
    await page.getByRole('alert').getByText(PASSKEY_TEXT.cancelled).waitFor();

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await context.close();
  }, 180_000);
});
