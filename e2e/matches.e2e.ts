import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';

// The restart cuts the open event streams (the pages reconnect by themselves); which error the browser logs depends on timing.
const restartErrors = [/ERR_INCOMPLETE_CHUNKED_ENCODING/, /ERR_CONNECTION_REFUSED/, /ERR_CONNECTION_RESET/, /ERR_NETWORK_CHANGED/];
const app = useApp({ allowConsoleErrors: restartErrors });

const SHOTS = '/tmp/shots-matches';
mkdirSync(SHOTS, { recursive: true });
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };

const TITLES = {
  fightClub: ['/details/movie/550', 'Fight Club'],
  matrix: ['/details/movie/603', 'The Matrix'],
  pulpFiction: ['/details/movie/680', 'Pulp Fiction'],
  godfather: ['/details/movie/238', 'The Godfather'],
  breakingBad: ['/details/tv/1396', 'Breaking Bad'],
  thrones: ['/details/tv/1399', 'Game of Thrones'],
} as const;
type TitleName = keyof typeof TITLES;

const started = Date.now();
/** Progress in the log: on a loaded machine, where a slow run spent its time. */
const step = (what: string) => console.log(`matches e2e ${((Date.now() - started) / 1000).toFixed(0)} s: ${what}`);

const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
/** The header's bell, by its label ('Notifications, 2 unread'). */
const bell = (page: Page, unread: number) => page.getByRole('link', { name: `Notifications, ${unread} unread`, exact: true });

/** On the title's details page: Add to Favorites with 4 stars, then dismiss the follow-up. */
async function favorite(page: Page, title: TitleName) {
  const [where, name] = TITLES[title];
  step(`favorite ${name}`);
  await page.goto(`${app.url}${where}`);
  await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add to Favorites' }).click();
  const rating = page.getByRole('dialog', { name: 'Rate and add to favorites' });
  await rating.getByRole('radio', { name: '4 stars' }).click();
  await rating.getByRole('button', { name: 'Add to Favorites' }).click();
  const followUp = page.getByRole('dialog', { name: `Want to talk about ${name} with others?` });
  await followUp.getByRole('button', { name: 'Maybe Later' }).click();
  await followUp.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /Update Rating/ }).waitFor();
}

/** The same favorite (4 stars) over the API: the others' data, where their pages are not what is tried. */
async function favoriteOverApi(request: APIRequestContext, title: TitleName) {
  const [, mediaType, mediaId] = TITLES[title][0].match(/^\/details\/(movie|tv)\/(\d+)$/)!;
  step(`favorite ${TITLES[title][1]} over the API`);
  expect((await request.post(`${app.url}/api/me/favorites`, { data: { mediaType, mediaId: Number(mediaId), rating: 4 } })).status()).toBe(201);
}

async function openMatches(page: Page) {
  await page.goto(`${app.url}/matches`);
  await page.getByRole('heading', { name: 'Your Matches', level: 1 }).waitFor();
  await page.locator('li[aria-label^="Match: "]').first().waitFor();
}

/** The cards in order, as [name, percentage]. */
async function cards(page: Page): Promise<[string, string][]> {
  const items = page.locator('li[aria-label^="Match: "]');
  const out: [string, string][] = [];
  for (let i = 0; i < (await items.count()); i++) {
    const item = items.nth(i);
    out.push([((await item.getAttribute('aria-label')) ?? '').replace('Match: ', ''), (await item.getByTestId('match-percentage').innerText()).trim()]);
  }
  return out;
}

/** The user's new_match notifications, oldest first, as [who, message]. */
async function newMatches(request: APIRequestContext): Promise<[string | null, string][]> {
  const body = (await (await request.get(`${app.url}/api/notifications`)).json()) as { items: { type: string; relatedUser: { id: string } | null; message: string }[] };
  return body.items
    .filter((n) => n.type === 'new_match')
    .map((n): [string | null, string] => [n.relatedUser?.id ?? null, n.message])
    .reverse();
}

async function shoot(page: Page, name: string, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
}

/** The dashboard above the Discover grid, at both widths (the grid below it is not what is looked at here). */
async function shootDashboard(page: Page, name: string) {
  await page.goto(`${app.url}/discover`);
  await page.getByTestId('profile-score').waitFor();
  await page.getByTestId('recent-activity').getByTestId('activity-item').first().waitFor();
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await page.getByTestId('dashboard').screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png` });
  }
}

describe('matches (issue 14 done-when)', () => {
  it('ranks by the formula, limits a free user to 3 and the upsell, filters by genre, boosts to the top, and tells new matches', async () => {
    // Accounts of a fresh server are founding members, so premium. Pat's boost click below is refused (409).
    const p = await app.signedIn(WIDE, { prefix: 'pat', allowConsoleErrors: [...restartErrors, /status of 409/] });
    const a = await app.signedIn(WIDE, { prefix: 'ari' });
    const b = await app.signedIn(NARROW, { prefix: 'bea' });
    const c = await app.signedIn(WIDE, { prefix: 'cy' });
    // Favorite genres: Pat and Ari both love Drama (a 2-point bonus for that pair only); Cy wants no match notices.
    expect((await p.context.request.put(`${app.url}/api/me/favorite-genres`, { data: { genres: ['Drama'] } })).status()).toBe(200);
    expect((await a.context.request.put(`${app.url}/api/me/favorite-genres`, { data: { genres: ['Drama', 'Crime'] } })).status()).toBe(200);
    expect((await c.context.request.patch(`${app.url}/api/me/settings`, { data: { notifyOnMatch: 'none' } })).status()).toBe(200);

    for (const t of ['fightClub', 'matrix', 'pulpFiction', 'godfather'] as const) await favorite(p.page, t);
    for (const t of ['fightClub', 'matrix', 'breakingBad', 'thrones'] as const) await favoriteOverApi(a.context.request, t);
    // Ari's fifth favorite, Pulp Fiction, is the third shared with Pat (ruling 21: 3 shared, >= 50 %):
    // 3 of min(4, 5) = 75 % + 2 (Drama) = 77 %. Pat sits idle on a page with its stream open, so the
    // live toast is watched there (from before the click); Ari is busy with the dialogs while it
    // comes and goes, so Ari's is checked by the bell and the list, which do not go away.
    const told = toastWith(p.page, `You and ${a.fullName} are a 77% match: you share 3 favorites.`).waitFor({ timeout: 60_000 });
    await favorite(a.page, 'pulpFiction');
    await told;
    await bell(a.page, 1).waitFor({ timeout: 15_000 });
    expect(await newMatches(a.context.request)).toEqual([[p.id, `You and ${p.fullName} are a 77% match: you share 3 favorites.`]]);
    expect((await newMatches(p.context.request)).map(([who]) => who)).toEqual([a.id]);
    await bell(p.page, 1).waitFor({ timeout: 15_000 });

    for (const t of ['fightClub', 'breakingBad'] as const) await favoriteOverApi(b.context.request, t);
    for (const t of ['matrix', 'godfather', 'breakingBad'] as const) await favoriteOverApi(c.context.request, t);

    step('Pat sees the ranking');
    // Pat (4 favorites, Drama) by hand: Ari 3 of min(4, 5) = 75 % + 2 = 77 %; Cy 2 of min(4, 3) = 67 %; Bea 1 of min(4, 2) = 50 %.
    await openMatches(p.page);
    expect(await cards(p.page)).toEqual([
      [a.fullName, '77%'],
      [c.fullName, '67%'],
      [b.fullName, '50%'],
    ]);
    expect(await p.page.getByTestId('matches-upsell').count()).toBe(0);
    // The genre filter (premium): Crime keeps only Ari, whose favorite genres include it.
    await p.page.getByRole('group', { name: 'Filter by genre' }).getByRole('button', { name: 'Crime', exact: true }).click();
    await expect.poll(() => cards(p.page), { timeout: 10_000 }).toEqual([[a.fullName, '77%']]);
    await p.page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(async () => (await cards(p.page)).length, { timeout: 10_000 }).toBe(3);

    step('Bea boosts');
    // Bea boosts from /matches: the toast (she waits for it right there), then the disabled 'Boost active (for …)'.
    await b.page.goto(`${app.url}/matches`);
    const boosted = toastWith(b.page, 'Profile Boosted').waitFor({ timeout: 15_000 });
    await b.page.getByRole('button', { name: 'Boost My Profile' }).click();
    await boosted;
    await b.page.getByRole('button', { name: /^Boost active \(for 4[78]h \d+m\)$/ }).waitFor();
    expect(await b.page.getByRole('button', { name: /^Boost active/ }).isDisabled()).toBe(true);
    // A second boost is refused with the spec's text.
    const again = await b.context.request.post(`${app.url}/api/me/boost`);
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe('Your profile is already boosted.');
    // Bea is now first in Pat's matches (boosted users first), with the Boosted badge; the rest keep their order.
    await openMatches(p.page);
    expect(await cards(p.page)).toEqual([
      [b.fullName, '50%'],
      [a.fullName, '77%'],
      [c.fullName, '67%'],
    ]);
    await p.page.locator(`li[aria-label="Match: ${b.fullName}"]`).getByText('Boosted', { exact: true }).waitFor();
    for (const viewport of [WIDE, NARROW]) await shoot(p.page, 'premium-matches', viewport);
    await p.page.setViewportSize(WIDE);
    await shootDashboard(p.page, 'premium-dashboard');

    step('restart: free accounts, Bea in the last hour of her boost, Pat boosted two days ago');
    // All founding spots taken (the next account is free). Bea's boost is moved into its last hour,
    // where the countdown shows seconds; it still lasts the rest of the test. Pat's boost was used two
    // days ago and has ended (48 h): the 7-day cooldown still holds. The server restarts to write these.
    await app.restart({
      whileStopped: async (dataDir) => {
        const db = await PGlite.create(path.join(dataDir, 'db'));
        await db.query('INSERT INTO founding_counter (id, taken) VALUES (1, 1000) ON CONFLICT (id) DO UPDATE SET taken = 1000');
        await db.query(`UPDATE profiles SET boost_expires_at = now() + interval '59 minutes 30 seconds' WHERE id = $1`, [b.id]);
        await db.query(`UPDATE profiles SET last_boost_used_at = now() - interval '2 days', boost_expires_at = now() - interval '2 days' + interval '48 hours' WHERE id = $1`, [
          p.id,
        ]);
        await db.close();
      },
    });
    // The badge's text begins with a space after its icon, so its pattern is not anchored at the start.
    await b.page.goto(`${app.url}/profile/${b.id}`);
    const badge = b.page.getByRole('region', { name: 'Profile' }).getByText(/Boosted \(5\dm \d+s\)$/);
    const first = await badge.innerText();
    await expect.poll(() => badge.innerText(), { timeout: 5_000 }).not.toBe(first);
    await b.page.getByRole('button', { name: /^Boost active \(for 5\dm \d+s\)$/ }).waitFor();
    await b.page.getByRole('region', { name: 'Profile' }).screenshot({ path: `${SHOTS}/boosted-profile-390.png` });
    await p.page.goto(`${app.url}/matches`);
    const refused = toastWith(p.page, 'You can only boost your profile once every 7 days.').waitFor({ timeout: 15_000 });
    await p.page.getByRole('button', { name: 'Boost My Profile' }).click();
    await refused;

    step('Fay signs up (free)');
    const f = await app.signedIn(NARROW, { prefix: 'fay' });
    expect(((await (await f.context.request.get(`${app.url}/api/session`)).json()) as { access: { isPremium: boolean } }).access.isPremium).toBe(false);
    // Her first page asked for matches before she had any favorite (the dashboard's People You Might Like).
    await f.page.getByTestId('profile-score').waitFor();
    for (const t of ['fightClub', 'matrix', 'godfather', 'breakingBad', 'thrones'] as const) await favorite(f.page, t);
    // By hand, at the favorite that makes each pair: The Godfather (Fay has 3) is the third shared with
    // Pat: 3 of min(3, 4) = 100 %. Breaking Bad (Fay has 4) is the third with Ari: 3 of min(4, 5) = 75 %,
    // and with Cy: 3 of min(4, 3) = 100 %, but Cy asked for none. Bea never shares 3.
    // (Ari's and Cy's come from the same favorite, in no fixed order: compared as sets.)
    const fays = () => newMatches(f.context.request).then((list) => list.map((n) => n.join(' | ')).sort());
    await expect.poll(fays, { timeout: 15_000 }).toEqual(
      [
        [p.id, `You and ${p.fullName} are a 100% match: you share 3 favorites.`],
        [a.id, `You and ${a.fullName} are a 75% match: you share 3 favorites.`],
        [c.id, `You and ${c.fullName} are a 100% match: you share 3 favorites.`],
      ]
        .map((n) => n.join(' | '))
        .sort(),
    );
    expect(await newMatches(p.context.request)).toEqual([
      [a.id, `You and ${a.fullName} are a 77% match: you share 3 favorites.`],
      [f.id, `You and ${f.fullName} are a 100% match: you share 3 favorites.`],
    ]);
    await expect.poll(async () => (await newMatches(a.context.request)).map(([who]) => who), { timeout: 5_000 }).toEqual([p.id, f.id]);
    expect(await newMatches(c.context.request)).toEqual([]);
    await bell(f.page, 3).waitFor({ timeout: 15_000 });

    step('Fay sees three matches');
    // Fay (free, 5 favorites) by hand: Bea (boosted) 2 of min(5, 2) = 100 %, Cy 3 of 3 = 100 %, Ari 4 of 5 = 80 %;
    // Pat (3 of 4 = 75 %) is the fourth and is not sent. Exactly three cards and the upsell card; no genre filter, no boost.
    await openMatches(f.page);
    expect(await cards(f.page)).toEqual([
      [b.fullName, '100%'],
      [c.fullName, '100%'],
      [a.fullName, '80%'],
    ]);
    await f.page.getByTestId('matches-upsell').getByRole('link', { name: 'Upgrade to Premium' }).waitFor();
    expect(await f.page.getByRole('group', { name: 'Filter by genre' }).count()).toBe(0);
    expect(await f.page.getByRole('button', { name: 'Boost My Profile' }).count()).toBe(0);
    for (const viewport of [NARROW, WIDE]) await shoot(f.page, 'free-matches', viewport);
    // The server enforces it: no fourth match and no genre filter for a free user, whatever is asked.
    const asked = (await (await f.context.request.get(`${app.url}/api/me/matches?genres=Horror&page=2`)).json()) as { matches: unknown[]; genres: string[]; limited: boolean };
    expect([asked.matches.length, asked.genres, asked.limited]).toEqual([3, [], true]);
    await shootDashboard(f.page, 'free-dashboard');
    expect(await f.page.getByTestId('people-you-might-like').getByTestId('suggestion').count()).toBeGreaterThan(0);

    for (const who of [p, a, b, c, f]) {
      expect(who.watch.consoleErrors).toEqual([]);
      expect(who.watch.externalRequests).toEqual([]);
    }
  }, 600_000);
});
