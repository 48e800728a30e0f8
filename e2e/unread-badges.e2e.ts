import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { gotoListening } from './support/journeys';

/**
 * Issue 27 (decision 016): the header's badges move with the server's `unread-counts` pushes over the
 * event stream; once the tab is connected it never asks for the counts again while they change.
 */
const app = useApp();
const countPaths = new Set(['/api/notifications/unread-count', '/api/messages/unread-count']);

describe('unread badges', () => {
  it('update live from the event stream, with no request for the counts after connecting', async () => {
    const b = await app.signedIn({ width: 1280, height: 800 }, { prefix: 'bea' });
    const a = await app.signedIn(undefined, { prefix: 'amy' });
    await gotoListening(b.page, `${app.url}/discover`);
    // The page's first fetch and the one refetch on connecting are done before we start counting.
    await b.page.waitForTimeout(1_500);
    const asked: string[] = [];
    b.page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (countPaths.has(path)) asked.push(path);
    });
    const bell = b.page.getByTestId('notifications-badge');
    const messages = b.page.getByTestId('messages-badge');
    expect(await bell.count()).toBe(0);

    // A follows B: the bell shows 1.
    expect((await a.context.request.post(`${app.url}/api/follows/${b.id}`)).status()).toBeLessThan(300);
    await expect.poll(() => bell.textContent(), { timeout: 10_000 }).toBe('1');

    // A writes to B: the messages badge shows 1, and the bell 2 (the message's notification).
    expect((await a.context.request.post(`${app.url}/api/messages/with/${b.id}`, { data: { content: 'Hello Bea' } })).status()).toBe(201);
    await expect.poll(() => messages.textContent(), { timeout: 10_000 }).toBe('1');
    await expect.poll(() => bell.textContent(), { timeout: 10_000 }).toBe('2');

    // B reads everything in another tab (here: the API): the bell empties without a refetch.
    expect((await b.context.request.post(`${app.url}/api/notifications/read-all`)).status()).toBe(200);
    await expect.poll(() => bell.count(), { timeout: 10_000 }).toBe(0);

    expect(asked).toEqual([]);
    expect(b.watch.consoleErrors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
