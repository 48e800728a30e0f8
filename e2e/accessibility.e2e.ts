import { mkdirSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import nodePath from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { unsubscribeToken } from '../src/server/modules/mail-settings/tokens';
import { routes } from '../src/web/app/router';
import { takeAllFoundingSpots, useApp } from './support/app';
import { watchedPage } from './support/browser';
import { mailLink, uniqueUser } from './support/journeys';

// Issue 19, item 4: axe on every page of the router, signed out and signed in, at 1280 and 390 px,
// light and dark. Serious and critical violations fail the test (decision 028).
vi.setConfig({ testTimeout: 600_000, hookTimeout: 300_000 });

const ADMIN_EMAIL = 'a11y.admin@example.com';
const app = useApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
const SHOTS = '/tmp/shots-a11y';
mkdirSync(SHOTS, { recursive: true });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
// The two themes differ only in colours (CSS custom properties; the DOM is the same), so the dark
// variants run the rules that read colours; the light ones run every rule of the tags.
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const VARIANTS = [
  { width: 1280, scheme: 'light', rules: 'all' },
  { width: 1280, scheme: 'dark', rules: 'colour' },
  { width: 390, scheme: 'dark', rules: 'colour' },
  { width: 390, scheme: 'light', rules: 'all' },
] as const;
type Variant = (typeof VARIANTS)[number];
const variantName = (v: Variant) => `${v.width}/${v.scheme}`;

/** Route paths of the router no visit below reaches, each with the reason. */
const EXCLUDED: Record<string, string> = {
  '/advanced-discovery': 'redirect only, to /advanced-discover (checked)',
  '/movie/:id': 'redirect only, to /details/movie/:id (checked)',
  '/tv/:id': 'redirect only, to /details/tv/:id (checked as /details/:type/:id)',
  '/messages/:userId': 'redirect only, to /messages?conversation_with= (checked)',
  '/message/:userId': 'redirect only, to /messages?conversation_with= (checked)',
  '/profile': "redirect only, to the user's own /profile/:userId (checked)",
};

/** Every route path of the router, from its route objects (an index route is its parent's path). */
function routePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((r) => {
    const here = r.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${r.path}`;
    const own = r.index || (r.path !== undefined && !r.children) ? [here || '/'] : [];
    return [...own, ...(r.children ? routePaths(r.children, here) : [])];
  });
}
/** The router's path pattern a URL lands on. */
function patternOf(url: string): string {
  const matches = matchRoutes(routes, new URL(url, 'http://x').pathname) ?? [];
  const path = matches
    .map((m) => m.route.path)
    .filter((p): p is string => p !== undefined)
    .join('/');
  return `/${path}`;
}

type Violation = { page: string; who: string; variant: string; rule: string; impact: string; help: string; targets: string[] };
const found: Violation[] = [];
const rows: { page: string; who: string; variants: number; violations: number }[] = [];
const visited = new Set<string>();

/** Until no transition or finite animation runs (a colour caught mid-transition would be measured wrong). */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity));
}

async function setVariant(page: Page, v: Variant) {
  await page.setViewportSize({ width: v.width, height: v.width === 390 ? 844 : 900 });
  await page.emulateMedia({ colorScheme: v.scheme });
  await page.waitForFunction((dark) => document.documentElement.classList.contains('dark') === dark, v.scheme === 'dark');
  await settled(page);
}

/** Axe on the page as it is now, in every variant; serious and critical violations are kept. */
async function audit(page: Page, name: string, who: string) {
  let count = 0;
  for (const v of VARIANTS) {
    await setVariant(page, v);
    const t0 = Date.now();
    // axe-core is evaluated into the page once per page load: AxeBuilder evaluates its source (half a
    // megabyte) twice per run, unless given another source, here none once the page has it.
    const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
    // Only violations are read: axe then skips gathering the nodes of every passed and incomplete
    // check (options() first: withTags and withRules add to the options it sets).
    const axe = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) }).setLegacyMode().options({ resultTypes: ['violations'] });
    const results = await (v.rules === 'all' ? axe.withTags(TAGS) : axe.withRules(COLOUR_RULES)).analyze();
    timing.axe += Date.now() - t0;
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      count++;
      found.push({
        page: name,
        who,
        variant: variantName(v),
        rule: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)})` : ''}`),
      });
    }
  }
  rows.push({ page: name, who, variants: VARIANTS.length, violations: count });
}

/** Opens `path`, waits until `ready` and audits; the path's route counts as visited. */
const timing = { navigation: 0, axe: 0 };
async function check(page: Page, who: string, path: string, ready: (page: Page) => Promise<unknown>, name = path) {
  const t0 = Date.now();
  await setVariant(page, VARIANTS[0]);
  await page.goto(`${app.url}${path}`);
  try {
    await ready(page);
  } catch (error) {
    await page.screenshot({ path: `${SHOTS}/not-ready-${who}-${path.replace(/\W+/g, '_')}.png` });
    throw new Error(`${path} as ${who} did not get ready (now at ${page.url()})`, { cause: error });
  }
  await settled(page);
  timing.navigation += Date.now() - t0;
  visited.add(patternOf(path));
  await audit(page, name, who);
}

/** A heading, at level 1 unless told (`null`: any level; an h3 given aria-level 1 still counts as 3 to the locator). */
const heading =
  (name: string | RegExp, level: number | null = 1) =>
  (page: Page) =>
    page
      .getByRole('heading', { name, ...(level === null ? {} : { level }) })
      .first()
      .waitFor();

/** The summary: pages × variants, violations. */
function printSummary(started: number) {
  const width = Math.max(0, ...rows.map((r) => r.page.length));
  console.log(
    [
      `a11y gate: ${rows.length} page views × ${VARIANTS.length} variants (${VARIANTS.map(variantName).join(', ')}) = ${rows.length * VARIANTS.length} axe runs, ` +
        `${found.length} serious/critical violations, in ${((Date.now() - started) / 1000).toFixed(0)} s (pages ${(timing.navigation / 1000).toFixed(0)} s, axe ${(timing.axe / 1000).toFixed(0)} s)`,
      ...[...rows]
        .sort((x, y) => x.page.localeCompare(y.page) || x.who.localeCompare(y.who))
        .map((r) => `  ${r.page.padEnd(width)}  ${r.who.padEnd(10)}  ${r.violations === 0 ? 'ok' : `${r.violations} violation(s)`}`),
      ...found.map((f) => `  ✗ ${f.page} [${f.who}, ${f.variant}] ${f.rule} (${f.impact}): ${f.help}\n      ${f.targets.join('\n      ')}`),
    ].join('\n'),
  );
}

/**
 * Colours are audited in their end state, so CSS transitions are off in the gate's pages: a theme
 * or width switch then lands at once instead of after the 150 ms fades (about 250 switches a run).
 */
async function withoutTransitions(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.addEventListener('DOMContentLoaded', () => document.head.append(style));
  });
  return context;
}

async function member(user: ReturnType<typeof uniqueUser>): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await withoutTransitions(await app.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' }));
  const res = await context.request.post(`${app.url}/api/accounts/sign-up`, {
    data: { email: user.email, password: user.password, username: user.username, fullName: user.fullName, acceptTerms: true, acceptPrivacy: true },
  });
  expect(res.status()).toBe(201);
  const { page } = await watchedPage(context);
  await page.goto(await mailLink(app.url, user.email, /Verify your e-mail/));
  await page.waitForURL(`${app.url}/discover`);
  const session = (await (await context.request.get(`${app.url}/api/session`)).json()) as { user: { id: string } };
  return { context, page, id: session.user.id };
}

describe('accessibility gate (axe: WCAG 2.2 A/AA, serious and critical)', () => {
  it('every page of the router, signed out and signed in, at 1280 and 390 px, light and dark, has no serious or critical violation', async () => {
    const started = Date.now();
    // Free accounts (all founding spots taken), so the upgrade prompts and the house ad show too.
    await takeAllFoundingSpots(app);
    const meUser = uniqueUser('viewer');
    const otherUser = uniqueUser('other');
    const me = await member(meUser);
    const other = await member(otherUser);
    const admin = await member({ ...uniqueUser('admin'), email: ADMIN_EMAIL });
    const api = (who: { context: BrowserContext }, method: 'post' | 'put', path: string, data?: unknown) =>
      who.context.request[method](`${app.url}/api${path}`, data === undefined ? {} : { data });

    // The data the pages show: shared favorites (a match), a follow, a conversation, a forum thread
    // with a reply (notifications), a subscription (billing), an open checkout.
    for (const [who, ids] of [
      [me, [550, 603, 238]],
      [other, [550, 603, 680]],
    ] as const)
      for (const mediaId of ids) expect((await api(who, 'post', '/me/favorites', { mediaType: 'movie', mediaId, rating: 5 })).status()).toBe(201);
    expect((await api(me, 'post', '/me/watchlist', { mediaType: 'movie', mediaId: 278 })).status()).toBe(201);
    expect((await api(other, 'post', `/follows/${me.id}`)).status()).toBe(200);
    expect((await api(other, 'post', `/messages/with/${me.id}`, { content: 'Seen Heat yet? It is on tonight.' })).status()).toBe(201);
    expect((await api(me, 'post', `/messages/with/${other.id}`, { content: 'Not yet, thanks for the tip!' })).status()).toBe(201);
    // The other member subscribes through the test checkout, which also lets them start threads.
    const checkout = (await (await api(other, 'post', '/billing/checkout', { plan: 'monthly' })).json()) as { url: string };
    const otherCheckoutId = checkout.url.split('/').pop()!;
    expect((await api(other, 'post', `/billing/test-checkout/${otherCheckoutId}/pay`, { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).status()).toBe(200);
    const forums = (await (await other.context.request.get(`${app.url}/api/titles/movie/550/forums`)).json()) as { title: { id: string } };
    const thread = await api(other, 'post', `/forums/${forums.title.id}/threads`, { title: 'Is Tyler real?', content: `What do you think, @${meUser.username}?` });
    expect(thread.status()).toBe(201);
    const threadId = ((await thread.json()) as { id: string }).id;
    expect((await api(me, 'post', `/forum-threads/${threadId}/replies`, { content: 'He is in your head.' })).status()).toBe(201);
    // An open checkout of my own (not paid), and a visitor's donation checkout.
    const mine = (await (await api(me, 'post', '/billing/checkout', { plan: 'yearly' })).json()) as { url: string };
    const visitor = await withoutTransitions(await app.browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' }));
    const donation = (await (await visitor.request.post(`${app.url}/api/billing/donations`, { data: { amount: 1200 } })).json()) as { url: string };
    const { page: v } = await watchedPage(visitor);
    console.log(`a11y gate: data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    try {
      // Pages anyone may open, signed out and signed in.
      const publicPages: [string, (page: Page) => Promise<unknown>][] = [
        ['/', heading(/./)],
        ['/pricing', heading('Plans')],
        ['/help-center', heading('Help Center')],
        ['/contact', heading('Contact Us')],
        ['/report-bug', heading('Report a Bug')],
        ['/feature-request', heading('Request a Feature')],
        ['/support', heading('Support Reelmates')],
        ['/privacy', heading('Privacy Policy')],
        ['/terms', heading('Terms of Service')],
        ['/cookies', heading('Cookie Policy')],
        ['/dmca', heading('DMCA Policy')],
        ['/no/such/page', heading('Page not found')],
        ['/nobody_by_this_name', heading('Profile not found')],
        [`/${otherUser.username}`, heading(otherUser.fullName)],
      ];
      const m = me.page;
      // The free member's gated page and the upgrade dialog, then the trial (Premium from here on).
      await check(m, 'member', '/advanced-discover', (p) => p.getByRole('heading', { name: 'Premium Feature' }).waitFor(), '/advanced-discover (free: gated)');
      await m.getByRole('button', { name: 'View Premium Plans' }).click();
      await m.getByRole('dialog', { name: /Upgrade to Premium/ }).waitFor();
      await settled(m);
      await audit(m, 'upgrade dialog', 'member');
      await m.keyboard.press('Escape');
      expect((await api(me, 'post', '/billing/trial')).status()).toBe(201);

      // Two lanes at once, each in its own tab.
      const m2 = (await watchedPage(me.context)).page;
      await Promise.all([
        (async () => {
          for (const [path, ready] of publicPages) await check(m, 'member', path, ready);
          await check(m, 'member', mine.url.replace(app.url, ''), (p) => p.getByLabel('Card number').waitFor(), '/billing/test-checkout (subscription)');
          await check(m, 'member', '/discover', async (p) => {
            await p.getByTestId('dashboard').getByRole('heading', { level: 2 }).first().waitFor();
            await p.getByRole('list', { name: 'Discover movies and TV shows', exact: true }).getByRole('link').first().waitFor();
          });
          await check(m, 'member', '/search?q=fight', (p) => p.getByRole('article').first().waitFor());
          await check(m, 'member', '/advanced-discover', heading('Advanced Discovery'), '/advanced-discover (trial)');
          await check(m, 'member', '/matches', (p) => p.locator('li[aria-label^="Match: "]').first().waitFor());
          await check(m, 'member', '/details/movie/550', async (p) => {
            await p.getByRole('heading', { name: 'Fight Club', level: 1, exact: true }).waitFor();
            await p.locator('section#discussions').getByTestId('thread-card').first().waitFor();
          });
        })(),
        (async () => {
          for (const [path, ready] of publicPages) await check(v, 'visitor', path, ready);
          await check(v, 'visitor', '/auth', heading('Welcome Back', null));
          await check(v, 'visitor', '/auth-password-reset', heading(/./, null));
          await check(v, 'visitor', '/dev/mailbox', heading(/mailbox/i));
          // A notification mail's unsubscribe link, as opened from the mail (signed with the server's secret).
          const secret = readFileSync(nodePath.join(app.server.dataDir, 'auth-secret'), 'utf8').trim();
          await check(v, 'visitor', `/unsubscribe/${unsubscribeToken(secret, me.id, 'follow')}`, heading('Unsubscribe from e-mails'), '/unsubscribe/:token');
          await check(v, 'visitor', donation.url.replace(app.url, ''), (p) => p.getByLabel('Card number').waitFor(), '/billing/test-checkout (donation)');
          await check(m2, 'member', `/forums/threads/${threadId}`, async (p) => {
            await p.getByRole('heading', { name: 'Is Tyler real?' }).waitFor();
            await p.getByTestId('forum-reply').first().waitFor();
          });
          await check(m2, 'member', `/profile/${me.id}`, heading(meUser.fullName), '/profile/:userId (own)');
          await check(m2, 'member', `/profile/${other.id}`, heading(otherUser.fullName), '/profile/:userId (another)');
          await check(m2, 'member', '/settings', heading('Settings'));
          await check(m2, 'member', `/messages?conversation_with=${other.id}`, (p) => p.getByRole('list', { name: 'Messages' }).getByTestId('message').first().waitFor());
          await check(m2, 'member', '/notifications', (p) => p.getByTestId('notification').first().waitFor());
          await m2.getByRole('button', { name: 'User menu' }).click();
          await m2.getByRole('menu').waitFor();
          await settled(m2);
          await audit(m2, 'user menu', 'member');
          await m2.keyboard.press('Escape');
          await check(other.page, 'subscriber', '/billing/manage', (p) => p.getByTestId('billing-period').waitFor());
          await check(
            admin.page,
            'admin',
            '/settings',
            (p) => p.locator('#admin').getByRole('list', { name: 'Open user reports' }).or(p.locator('#admin').getByText('No open user reports.')).waitFor(),
            '/settings (admin)',
          );
        })(),
      ]);
    } finally {
      printSummary(started);
    }
    // Every route of the router is visited, or excluded with its reason.
    const missing = routePaths(routes).filter((p) => !visited.has(p) && !(p in EXCLUDED));
    expect(missing, 'routes neither visited nor excluded').toEqual([]);
    expect(
      found.map((f) => `${f.page} [${f.who}, ${f.variant}] ${f.rule}: ${f.targets.join(', ')}`),
      'serious or critical axe violations',
    ).toEqual([]);
    for (const c of [me.context, other.context, admin.context, visitor]) await c.close();
  });
});
