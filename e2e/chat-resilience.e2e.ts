import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXT } from '@shared/messages';
import { useApp } from './support/app';
import { gotoListening, signedInPage } from './support/journeys';

/** The chat on a slow or failing network: what the user typed and sent is never lost (issue items 10, 11). */

const app = useApp();

// The failures these tests make on purpose show in the console as failed resources.
const expectedFailures = [/Failed to load resource/, /net::ERR_/];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const box = (page: Page) => page.getByLabel('Message', { exact: true });
/** A sent message in the open chat (from the server), and one still on its way or failed (only on this page). */
const delivered = (scope: Page | Locator, text: string) => scope.getByTestId('message').getByText(text, { exact: true });
const outgoing = (page: Page, text: string) => page.getByTestId('outgoing-message').filter({ hasText: text });
const connectionLost = (page: Page) => page.getByRole('status').filter({ hasText: 'Connection lost. Reconnecting…' });
const conversationRow = (page: Page, name: string) => page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(name) });
const isSend = (route: Route) => route.request().method() === 'POST' && !route.request().url().endsWith('/read');

/** Two signed-in users, A in a desktop-sized tab; B only acts through the API. */
async function twoUsers() {
  const ctxA = await app.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ctxB = await app.browser.newContext();
  const a = await signedInPage(ctxA, app.url, 'amy', expectedFailures);
  const b = await signedInPage(ctxB, app.url, 'ben', expectedFailures);
  /** What reached the server from A, as B's conversation holds it, oldest first. */
  const receivedByB = async () => {
    const res = await ctxB.request.get(`${app.url}/api/messages/with/${a.id}`);
    return ((await res.json()) as { messages: { content: string; fromMe: boolean }[] }).messages.filter((m) => !m.fromMe).map((m) => m.content);
  };
  const close = async () => {
    expect(a.watch.consoleErrors).toEqual([]);
    expect(a.watch.externalRequests).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  };
  return { ctxA, ctxB, a, b, receivedByB, close };
}

describe('chat on a slow network', () => {
  it('clears the box at once on Enter, shows the message pending, and sends in order, one at a time, once each', async () => {
    const { a, b, receivedByB, close } = await twoUsers();
    await gotoListening(a.page, `${app.url}/messages?conversation_with=${b.id}`);
    await a.page.getByText(MESSAGE_TEXT.empty).waitFor();

    // Every send takes 1.5 s on the way to the server.
    const posted: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    await a.page.route('**/api/messages/with/*', async (route) => {
      if (!isSend(route)) return route.fallback();
      posted.push((route.request().postDataJSON() as { content: string }).content);
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      await sleep(1500);
      const response = await route.fetch();
      inFlight--;
      await route.fulfill({ response });
    });

    // "yes" Enter "and you?" Enter at 100 ms a key.
    await box(a.page).click();
    await a.page.keyboard.type('yes', { delay: 100 });
    await a.page.keyboard.press('Enter');
    expect(await box(a.page).inputValue()).toBe('');
    await outgoing(a.page, 'yes').getByText('Sending…').waitFor({ timeout: 1000 });
    await a.page.keyboard.type('and you?', { delay: 100 });
    // The first send is still on its way; the box holds only what was typed since.
    expect(posted).toEqual(['yes']);
    expect(await box(a.page).inputValue()).toBe('and you?');
    await a.page.keyboard.press('Enter');
    // A second Enter at once sends nothing: no empty and no duplicate message.
    await a.page.keyboard.press('Enter');
    expect(await box(a.page).inputValue()).toBe('');
    await outgoing(a.page, 'and you?').waitFor({ timeout: 1000 });
    // A draft typed while both sends are still on their way is not touched when they finish.
    await a.page.keyboard.type('a draft', { delay: 100 });

    await expect.poll(receivedByB, { timeout: 15_000 }).toEqual(['yes', 'and you?']);
    await a.page.getByTestId('outgoing-message').first().waitFor({ state: 'detached', timeout: 5000 });
    expect(await a.page.getByTestId('message').allInnerTexts()).toEqual([expect.stringContaining('yes'), expect.stringContaining('and you?')]);
    expect(await box(a.page).inputValue()).toBe('a draft');
    expect(posted).toEqual(['yes', 'and you?']);
    expect(mostInFlight).toBe(1);
    expect(await receivedByB()).toEqual(['yes', 'and you?']);
    await close();
  });

  it('keeps a failed send as a bubble with Retry, which delivers it once even when the lost answer had been stored, and Discard, which drops it', async () => {
    const { a, b, receivedByB, close } = await twoUsers();
    await gotoListening(a.page, `${app.url}/messages?conversation_with=${b.id}`);
    await a.page.getByText(MESSAGE_TEXT.empty).waitFor();
    let failures = 1;
    await a.page.route('**/api/messages/with/*', async (route) => {
      if (!isSend(route) || failures === 0) return route.fallback();
      failures--;
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong.' } }) });
    });

    await box(a.page).fill('Are you there?');
    await box(a.page).press('Enter');
    const failed = outgoing(a.page, 'Are you there?');
    await failed.getByText('Not sent').waitFor();
    expect(await receivedByB()).toEqual([]);
    // Reloading would drop it: the browser asks first (staying keeps it).
    const asked = a.page.waitForEvent('dialog');
    void a.page.evaluate(() => location.reload()).catch(() => {});
    const leave = await asked;
    expect(leave.type()).toBe('beforeunload');
    await leave.dismiss();
    await failed.getByText('Not sent').waitFor();
    // What is typed meanwhile stays in the box.
    await box(a.page).fill('still typing');
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(receivedByB).toEqual(['Are you there?']);
    await failed.waitFor({ state: 'detached' });
    await delivered(a.page, 'Are you there?').waitFor();
    expect(await box(a.page).inputValue()).toBe('still typing');

    failures = 1;
    await box(a.page).fill('Never mind');
    await box(a.page).press('Enter');
    await outgoing(a.page, 'Never mind').getByText('Not sent').waitFor();
    await outgoing(a.page, 'Never mind').getByRole('button', { name: 'Discard' }).click();
    await outgoing(a.page, 'Never mind').waitFor({ state: 'detached' });
    expect(await receivedByB()).toEqual(['Are you there?']);

    // A send that reaches the server and is stored, but whose answer never comes back: Retry
    // must not store it twice (the same clientId answers the stored message).
    await a.page.unrouteAll();
    let lose = 1;
    await a.page.route('**/api/messages/with/*', async (route) => {
      if (!isSend(route) || lose === 0) return route.fallback();
      lose--;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await box(a.page).fill('Did this arrive?');
    await box(a.page).press('Enter');
    const lost = outgoing(a.page, 'Did this arrive?');
    await lost.getByText('Not sent').waitFor();
    expect(await receivedByB()).toEqual(['Are you there?', 'Did this arrive?']);
    await lost.getByRole('button', { name: 'Retry' }).click();
    await lost.waitFor({ state: 'detached' });
    await delivered(a.page, 'Did this arrive?').waitFor();
    expect(await receivedByB()).toEqual(['Are you there?', 'Did this arrive?']);
    expect(await a.page.getByTestId('message').count()).toBe(2);
    await close();
  });
  it('holds a message typed offline as queued and sends it once the network is back (Chromium network emulation)', async () => {
    const { ctxA, a, b, receivedByB, close } = await twoUsers();
    await gotoListening(a.page, `${app.url}/messages?conversation_with=${b.id}`);
    await a.page.getByText(MESSAGE_TEXT.empty).waitFor();
    const cdp = await ctxA.newCDPSession(a.page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await box(a.page).fill('Sent while offline');
    await box(a.page).press('Enter');
    expect(await box(a.page).inputValue()).toBe('');
    await outgoing(a.page, 'Sent while offline').getByText('Queued').waitFor();
    await connectionLost(a.page).waitFor();
    // Back, on a slow line (1.5 s each way): it goes by itself, once.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 1500, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(receivedByB, { timeout: 15_000 }).toEqual(['Sent while offline']);
    await delivered(a.page, 'Sent while offline').waitFor({ timeout: 15_000 });
    await connectionLost(a.page).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await receivedByB()).toEqual(['Sent while offline']);
    await close();
  });
});

describe('chat during a server outage', () => {
  it('keeps the conversation, the list and the draft, says the connection is lost, and recovers by itself', async () => {
    const { ctxB, a, b, close } = await twoUsers();
    expect((await ctxB.request.post(`${app.url}/api/messages/with/${a.id}`, { data: { content: 'Before the outage' } })).status()).toBe(201);
    await gotoListening(a.page, `${app.url}/messages?conversation_with=${b.id}`);
    await delivered(a.page, 'Before the outage').waitFor();
    await conversationRow(a.page, b.fullName).waitFor();
    await box(a.page).fill('Half a thought');

    // Every read of messages answers 503 until the server is back.
    let down = true;
    let failedReads = 0;
    await a.page.route('**/api/messages/**', async (route) => {
      if (!down || route.request().method() !== 'GET') return route.fallback();
      if (route.request().url().includes('/api/messages/with/')) failedReads++;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'Service unavailable.' } }) });
    });
    // B's new message arrives on the event stream, so the open conversation and the list are fetched again.
    expect((await ctxB.request.post(`${app.url}/api/messages/with/${a.id}`, { data: { content: 'During the outage' } })).status()).toBe(201);
    await connectionLost(a.page).first().waitFor({ timeout: 10_000 });
    // Past the query's own retries (three reads of the conversation), the page still shows what it had.
    await expect.poll(() => failedReads, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await sleep(500);
    await delivered(a.page, 'Before the outage').waitFor({ timeout: 1000 });
    await conversationRow(a.page, b.fullName).waitFor({ timeout: 1000 });
    expect(await a.page.getByText(MESSAGE_TEXT.loadMessagesFailed).count()).toBe(0);
    expect(await a.page.getByText(MESSAGE_TEXT.loadConversationsFailed).count()).toBe(0);
    expect(await box(a.page).inputValue()).toBe('Half a thought');

    // The server answers again: the notice goes away by itself and the missed message shows.
    down = false;
    await delivered(a.page, 'During the outage').waitFor({ timeout: 15_000 });
    await connectionLost(a.page).first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await box(a.page).inputValue()).toBe('Half a thought');
    await close();
  });

  it('keeps the draft of the profile page chat when the dialog closes and during an outage', async () => {
    const { ctxB, a, b, close } = await twoUsers();
    expect((await ctxB.request.post(`${app.url}/api/messages/with/${a.id}`, { data: { content: 'Seen Heat?' } })).status()).toBe(201);
    await gotoListening(a.page, `${app.url}/profile/${b.id}`);
    const open = async () => {
      await a.page.getByRole('button', { name: 'Message', exact: true }).click();
      return a.page.getByRole('dialog');
    };
    let dialog = await open();
    await delivered(dialog, 'Seen Heat?').waitFor();
    await box(a.page).fill('Twice, and');
    await a.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    dialog = await open();
    expect(await box(a.page).inputValue()).toBe('Twice, and');

    let down = true;
    let failedReads = 0;
    await a.page.route('**/api/messages/**', async (route) => {
      if (!down || route.request().method() !== 'GET') return route.fallback();
      if (route.request().url().includes('/api/messages/with/')) failedReads++;
      await route.abort('connectionfailed');
    });
    expect((await ctxB.request.post(`${app.url}/api/messages/with/${a.id}`, { data: { content: 'Still there?' } })).status()).toBe(201);
    await dialog.getByRole('status').filter({ hasText: 'Connection lost. Reconnecting…' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => failedReads, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await sleep(500);
    await delivered(dialog, 'Seen Heat?').waitFor({ timeout: 1000 });
    expect(await box(a.page).inputValue()).toBe('Twice, and');
    down = false;
    await delivered(dialog, 'Still there?').waitFor({ timeout: 15_000 });
    await dialog.getByRole('status').filter({ hasText: 'Connection lost' }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await box(a.page).inputValue()).toBe('Twice, and');
    await close();
  });
});
