import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { gotoListening, signedInPage } from './support/journeys';
import { type AppServer, startAppServer, tempDataDir } from './support/server';

// A killed server makes the open event stream and any request in flight fail for a moment.
const expectedWhileDown = [/net::ERR_/, /EventSource/, /Failed to load resource/];
const signedIn = (context: BrowserContext, baseUrl: string, prefix: string) => signedInPage(context, baseUrl, prefix, expectedWhileDown);

const badge = (page: Page, testId: 'messages-badge' | 'notifications-badge') => page.getByTestId(testId);
const conversationRow = (page: Page, name: string) => page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(name) });

/** A message bubble in the open chat (not the list preview or a toast). */
const bubbleText = (page: Page, text: string) => page.getByRole('list', { name: 'Messages' }).getByText(text, { exact: true });

async function typeAndSend(page: Page, text: string) {
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByLabel('Message', { exact: true }).press('Enter');
}

describe('messaging, live between two people', () => {
  const app = useApp();

  it('delivers messages and read receipts live, toasts the notification, and survives a server kill', async () => {
    const ctxA = await app.browser.newContext();
    const ctxB = await app.browser.newContext();
    const a = await signedIn(ctxA, app.url, 'ann');
    const b = await signedIn(ctxB, app.url, 'bob');

    // B waits on the messages page with no conversations yet; A opens a conversation never used before.
    await b.page.getByRole('link', { name: 'Messages' }).click();
    await b.page.getByText('No conversations yet').waitFor();
    await a.page.goto(`${app.url}/messages?conversation_with=${b.id}`);
    await a.page.getByText('No messages yet. Start the conversation!').waitFor();

    // Shift+Enter makes a new line; an empty message is not sent.
    await a.page.getByLabel('Message', { exact: true }).press('Enter');
    await a.page.getByLabel('Message', { exact: true }).fill('  Hi Bob!');
    await a.page.getByLabel('Message', { exact: true }).press('Shift+Enter');
    await a.page.getByLabel('Message', { exact: true }).pressSequentially('Seen <b>Heat</b>? https://example.com');
    const sentAt = Date.now();
    await a.page.getByLabel('Message', { exact: true }).press('Enter');

    // Within a second, without a reload: B's badge, B's list, and the popup toast (preference 'both').
    await badge(b.page, 'messages-badge').filter({ hasText: '1' }).waitFor({ timeout: 1000 });
    const badgeMs = Date.now() - sentAt;
    await conversationRow(b.page, a.fullName).waitFor({ timeout: Math.max(1, 1000 - badgeMs) });
    console.log(`A pressed Enter → B's badge ${badgeMs} ms, B's conversation list ${Date.now() - sentAt} ms`);
    await b.page.getByText('New message', { exact: true }).waitFor();
    await a.page.getByText('Message sent', { exact: true }).waitFor();
    await expect.poll(() => a.page.getByLabel('Message', { exact: true }).inputValue()).toBe('');

    // B opens it: plain text, the line break kept, no markup, no link; A sees it read, live.
    await a.page.getByTestId('read-state').filter({ hasText: 'Sent' }).waitFor();
    await conversationRow(b.page, a.fullName).click();
    const bubble = b.page.getByTestId('message').first();
    await expect.poll(() => bubble.locator('p').innerText()).toBe('Hi Bob!\nSeen <b>Heat</b>? https://example.com');
    expect(await bubble.locator('b, a').count()).toBe(0);
    await a.page.getByTestId('read-state').filter({ hasText: 'Read' }).waitFor({ timeout: 2000 });
    await badge(b.page, 'messages-badge').waitFor({ state: 'detached' });
    // Reading the conversation also reads its "New message" notification: the bell clears, live.
    await badge(b.page, 'notifications-badge').waitFor({ state: 'detached' });

    // B replies; A gets it live in the open chat.
    await typeAndSend(b.page, 'Yes, twice!');
    await bubbleText(a.page, 'Yes, twice!').waitFor({ timeout: 2000 });

    // The notification stays listed on /notifications, read, with a link to the conversation. A
    // follow gives B an unread one, which Mark All Read reads.
    expect((await ctxA.request.post(`${app.url}/api/follows/${b.id}`)).status()).toBe(200);
    await badge(b.page, 'notifications-badge').filter({ hasText: '1' }).waitFor();
    await b.page.getByRole('link', { name: /Notifications/ }).click();
    const entry = b.page.getByTestId('notification').filter({ hasText: 'New message' });
    await entry.waitFor();
    expect(await entry.getByRole('link').getAttribute('href')).toBe(`/messages?conversation_with=${a.id}`);
    await b.page.getByRole('button', { name: 'Mark All Read' }).click();
    await badge(b.page, 'notifications-badge').waitFor({ state: 'detached' });
    await b.page.goto(`${app.url}/messages?conversation_with=${a.id}`);
    await bubbleText(b.page, 'Yes, twice!').waitFor();

    // The server dies mid-conversation and comes back on the same data and port.
    // B's stream is kept from reconnecting until a message has gone by, so B can only see it by the
    // refetch that follows a reconnection.
    const blockStream = (route: { abort(): Promise<void> }) => route.abort();
    await b.page.route('**/api/events', blockStream);
    await app.restart({ signal: 'SIGKILL' });
    const missed = await ctxA.request.post(`${app.url}/api/messages/with/${b.id}`, { data: { content: 'Sent while you were away' } });
    expect(missed.status()).toBe(201);
    await b.page.waitForTimeout(1500);
    expect(await bubbleText(b.page, 'Sent while you were away').count()).toBe(0);
    await b.page.unroute('**/api/events', blockStream);
    await bubbleText(b.page, 'Sent while you were away').waitFor({ timeout: 15_000 });
    await bubbleText(a.page, 'Sent while you were away').waitFor({ timeout: 15_000 });
    // And live again afterwards, both ways.
    await typeAndSend(b.page, 'Back online');
    await bubbleText(a.page, 'Back online').waitFor({ timeout: 2000 });
    await typeAndSend(a.page, 'Great');
    await bubbleText(b.page, 'Great').waitFor({ timeout: 2000 });
    for (const page of [a.page, b.page]) {
      await expect.poll(() => page.getByTestId('message').count()).toBe(5);
    }

    expect(a.watch.consoleErrors).toEqual([]);
    expect(b.watch.consoleErrors).toEqual([]);
    expect([...a.watch.externalRequests, ...b.watch.externalRequests]).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  });
});

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
async function postgresAnswers(): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}
const pgProblem = await postgresAnswers();
if (pgProblem) console.warn(`Skipping the two-instance test: PostgreSQL at ${adminUrl} does not answer (${pgProblem}).`);

describe.skipIf(!!pgProblem)('two server processes on one PostgreSQL', () => {
  const dbName = `reelmates_e2e_${randomBytes(4).toString('hex')}`;
  // The browser only: this suite starts its two servers itself, on a database of its own.
  const app = useApp({ server: false });
  const servers: AppServer[] = [];
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const env = { DATABASE_URL: url.toString(), BETTER_AUTH_SECRET: randomBytes(24).toString('hex') };
    // One migrates first (the migrator takes no lock), then the second joins.
    servers.push(await startAppServer({ dataDir: tempDataDir(), env }));
    servers.push(await startAppServer({ dataDir: tempDataDir(), env }));
  });
  afterAll(async () => {
    for (const s of servers) await s.stop();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('delivers live both ways when A is connected to one instance and B to the other', async () => {
    const [one, two] = servers as [AppServer, AppServer];
    const ctxA = await app.browser.newContext();
    const ctxB = await app.browser.newContext();
    const a = await signedIn(ctxA, one.url, 'pga');
    const b = await signedIn(ctxB, two.url, 'pgb');
    await gotoListening(a.page, `${one.url}/messages?conversation_with=${b.id}`);
    await gotoListening(b.page, `${two.url}/messages`);
    await b.page.getByText('No conversations yet').waitFor();

    await typeAndSend(a.page, 'Hello from instance one');
    await badge(b.page, 'messages-badge').filter({ hasText: '1' }).waitFor({ timeout: 2000 });
    await conversationRow(b.page, a.fullName).click();
    await bubbleText(b.page, 'Hello from instance one').waitFor();
    await a.page.getByTestId('read-state').filter({ hasText: 'Read' }).waitFor({ timeout: 2000 });

    await typeAndSend(b.page, 'Hello back from instance two');
    await bubbleText(a.page, 'Hello back from instance two').waitFor({ timeout: 2000 });

    expect(a.watch.consoleErrors).toEqual([]);
    expect(b.watch.consoleErrors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  });
});
