import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app';
import { watchedPage } from './support/browser';

const SHOTS = '/tmp/shots-apidocs';

const app = useApp();
beforeAll(() => {
  fs.mkdirSync(SHOTS, { recursive: true });
});

/** The operation block of one route, as Swagger UI draws it. */
const operation = (page: Page, method: string, path: string) => page.locator(`.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${path}"]`) });

/**
 * Swagger UI draws a long document's operations only near the viewport (it virtualizes once there
 * are more than about 130): scrolls down from the top until the route's block is drawn, and gives it.
 */
async function reveal(page: Page, method: string, path: string) {
  const block = operation(page, method, path);
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 80 && (await block.count()) === 0; i++) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(60);
  }
  // Swagger UI may draw the block again as the page settles: bring the one that is there into view.
  for (let i = 0; i < 5; i++) {
    try {
      await block.scrollIntoViewIfNeeded({ timeout: 2_000 });
      break;
    } catch {
      await page.waitForTimeout(100);
    }
  }
  return block;
}

/** Every operation the page draws while it is scrolled from top to bottom, as "method path". */
async function allOperations(page: Page): Promise<Set<string>> {
  const seen = new Set<string>();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < 300; i++) {
    for (const op of await page
      .locator('.opblock')
      .evaluateAll((blocks) =>
        blocks.map((b) => `${b.querySelector('.opblock-summary-method')?.textContent} ${b.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
      ))
      seen.add(op);
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 2);
    if (atBottom) break;
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(100);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  return seen;
}

/** Opens the page, failing on Content-Security-Policy violations as well as console errors. */
async function openDocs(width: number) {
  const context = await app.browser.newContext({ viewport: { width, height: 900 } });
  const { page, watch } = await watchedPage(context);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto(`${app.url}/api/docs`, { waitUntil: 'networkidle' });
  expect(res?.status()).toBe(200);
  await page.locator('.opblock').first().waitFor();
  return { context, page, watch };
}

describe('the API reference at /api/docs', () => {
  it('shows every route with its access, bodies and the error shape, with no console error and nothing leaving the machine', async () => {
    const { context, page, watch } = await openDocs(1280);
    expect(await page.locator('h1.title').textContent()).toContain('Reelmates API');
    // The /api server entry: operations resolve to /api/…
    expect(await page.locator('.servers select').inputValue()).toBe('/api');
    const drawn = await allOperations(page);
    // Every route of the document is drawn somewhere down the page.
    const spec = (await (await context.request.get(`${app.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const declared = Object.entries(spec.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(declared.length).toBeGreaterThan(100);
    // A busy machine may draw a block after the scroll has passed it: those are looked for one by one.
    const notDrawn: string[] = [];
    for (const op of declared.filter((o) => !drawn.has(o))) {
      const [method, path] = op.split(' ') as [string, string];
      if ((await (await reveal(page, method.toLowerCase(), path)).count()) === 0) notDrawn.push(op);
    }
    expect(notDrawn).toEqual([]);
    for (const [method, path] of [
      ['get', '/notifications'],
      ['post', '/messages/with/{userId}'],
      ['put', '/me/social-links'],
      ['get', '/catalogue/titles/{type}/{id}'],
    ] as const) {
      expect(await (await reveal(page, method, path)).count(), `${method} ${path}`).toBe(1);
    }

    // A route that needs a session carries the lock of the session cookie scheme; a public one does not.
    expect(await (await reveal(page, 'get', '/health')).locator('.authorization__btn').count()).toBe(0);
    const notifications = await reveal(page, 'get', '/notifications');
    expect(await notifications.locator('.authorization__btn').count()).toBe(1);
    await notifications.locator('.opblock-summary-control').click();
    await notifications.locator('.responses-table').waitFor();
    // Its access level, shown as the x-access extension.
    expect(await notifications.locator('.opblock-section').filter({ hasText: 'Extensions' }).innerText()).toMatch(/x-access\s+"user"/);
    // Its 401 answer is the shared Error schema.
    const unauthorized = notifications.locator('.response[data-code="401"]');
    expect(await unauthorized.innerText()).toMatch(/"error": \{\s+"code": "string",\s+"message": "string"/);
    await unauthorized.getByRole('tab', { name: 'Schema' }).click();
    expect(await unauthorized.locator('.json-schema-2020-12__title').first().textContent()).toBe('Error');
    await page.screenshot({ path: `${SHOTS}/api-docs-1280-operation.png` });

    // The scheme: Better Auth's session cookie.
    await page.locator('.auth-wrapper .authorize').click();
    const dialog = page.locator('.modal-ux');
    await dialog.waitFor();
    const scheme = (await dialog.textContent()) ?? '';
    expect(scheme).toContain('sessionCookie');
    expect(scheme).toContain('reelmates.session_token');
    expect(scheme).toContain('cookie');
    await page.screenshot({ path: `${SHOTS}/api-docs-1280-auth.png` });
    await dialog.locator('.close-modal').click();

    // The shared Error schema is listed among the schemas.
    const errorModel = page.locator('section.models .json-schema-2020-12__title', { hasText: /^Error$/ });
    expect(await errorModel.count()).toBe(1);

    // Try it out sends the request to this server under /api.
    const meta = await reveal(page, 'get', '/meta');
    await meta.locator('.opblock-summary-control').click();
    await meta.locator('.try-out__btn').click();
    await meta.locator('.execute').click();
    await meta.locator('.request-url').waitFor();
    expect(await meta.locator('.request-url').textContent()).toContain(`${app.url}/api/meta`);
    expect(await meta.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('200');

    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/api-docs-1280.png`, fullPage: false });
    await context.close();
  });

  it('reads on a phone (390 px)', async () => {
    const { context, page, watch } = await openDocs(390);
    expect(await page.locator('h1.title').textContent()).toContain('Reelmates API');
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.externalRequests).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/api-docs-390.png`, fullPage: false });
    await context.close();
  });
});
