import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { gotoListening } from './support/journeys';

/**
 * Live updates that survive a restart (issue 25): an event published while a tab's event stream is
 * down reaches the tab once it reconnects, because it reconnects with the last event id it saw.
 */
const app = useApp();

// The stream requests refused on purpose, and the ones cut by the kill, show in the console as failed resources.
const expectedFailures = [/Failed to load resource/, /net::ERR_/];
const eventsRequest = '**/api/events**';

describe('live updates across a server restart', () => {
  it("shows the 'New follower' toast of a follow made while the tab's stream was down, once the tab reconnects", async () => {
    const b = await app.signedIn({ width: 1280, height: 800 }, { prefix: 'bea', allowConsoleErrors: expectedFailures });
    const a = await app.signedIn(undefined, { prefix: 'amy', allowConsoleErrors: expectedFailures });
    await gotoListening(b.page, `${app.url}/discover`);

    // The server is killed and comes back; B's tab cannot reconnect meanwhile, and A follows B.
    await b.page.route(eventsRequest, (route) => route.abort());
    await app.restart({ signal: 'SIGKILL' });
    const followed = await a.context.request.post(`${app.url}/api/follows/${b.id}`);
    expect(followed.status()).toBeLessThan(300);

    // Back online: B's tab reconnects with its last event id and is sent the follow it missed. Its
    // refused retries back off up to 30 s (REOPEN_MAX_MS in src/web/lib/realtime.ts), so the wait is longer.
    const reconnected = b.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200, { timeout: 45_000 });
    await b.page.unroute(eventsRequest);
    await reconnected;
    await b.page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'New follower' })
      .filter({ hasText: `@${a.username} started following you.` })
      .first()
      .waitFor();

    expect(b.watch.externalRequests).toEqual([]);
    expect(a.watch.consoleErrors).toEqual([]);
    await a.context.close();
    await b.context.close();
  }, 120_000);
});
