import fs from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean) as string[];

export function chromiumPath(): string {
  const found = CANDIDATES.find((p) => fs.existsSync(p));
  if (!found) throw new Error('No Chromium found: install it (apt-get install chromium) or set CHROMIUM_PATH.');
  return found;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
}

/** What a page did that a test should fail on: console errors, uncaught errors, requests off this machine. */
export interface PageWatch {
  consoleErrors: string[];
  externalRequests: string[];
}

const LOCAL = /^(https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/|data:|blob:|about:)/;

export async function watchedPage(context: BrowserContext, options: { allowConsoleErrors?: RegExp[] } = {}): Promise<{ page: Page; watch: PageWatch }> {
  const page = await context.newPage();
  const watch: PageWatch = { consoleErrors: [], externalRequests: [] };
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    // A failed load names its resource only in the message's location: keep it, so a test can tell which.
    const where = msg.text().startsWith('Failed to load resource') ? msg.location().url : '';
    const text = where ? `${msg.text()} (${where})` : msg.text();
    if (options.allowConsoleErrors?.some((r) => r.test(text))) return;
    watch.consoleErrors.push(text);
  });
  page.on('pageerror', (err) => watch.consoleErrors.push(`pageerror: ${err.message}`));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (LOCAL.test(url)) return route.continue();
    watch.externalRequests.push(url);
    return route.abort();
  });
  return { page, watch };
}

/**
 * A screenshot at a phone's or a desktop's width, into `dir` as `{name}-{width}.png`: the full page, or
 * with `at` the viewport from that element down (a full-page capture draws blurred badges inside
 * horizontal scrollers as blank boxes, which the screen does not).
 */
export async function screenshotAt(page: Page, dir: string, name: string, width: 1280 | 390, at?: Locator) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  // Below the sticky header.
  if (at) await at.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: !at });
}

/** Holds the page's requests for `asset` back two seconds (a slow phone); `answeredAt` is when the first was let through (0 until then). */
export async function holdBack(page: Page, asset: RegExp, ms = 2_000) {
  const held = { answeredAt: 0 };
  await page.route(asset, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    held.answeredAt ||= Date.now();
    await route.continue();
  });
  return held;
}
