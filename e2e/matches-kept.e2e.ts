import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';

// ADR 087 in the browser: the matches page is kept on the server while nothing it reads changes.
// A member with two tabs, and another member changing things from theirs: every change shows on the
// next visit of /matches, in either tab, and nothing else moves.
const app = useApp();

const WIDE = { width: 1280, height: 900 };

async function favorite(page: Page, mediaId: number) {
  const res = await page.context().request.post(`${app.url}/api/me/favorites`, { data: { mediaType: 'movie', mediaId, rating: 4 } });
  expect(res.status()).toBe(201);
}

async function openMatches(page: Page) {
  await page.goto(`${app.url}/matches`);
  await page.getByRole('heading', { name: 'Your Matches', level: 1 }).waitFor();
  await page.locator('li[aria-label^="Match: "], :text("No matches found")').first().waitFor();
}

const cardNames = (page: Page) => page.locator('li[aria-label^="Match: "]').evaluateAll((items) => items.map((i) => i.getAttribute('aria-label')));

describe('kept matches pages (ADR 087)', () => {
  it("shows another member's favorite, a follow made in the other tab, a new name and hidden favorites on the next visit", async () => {
    const viewer = await app.signedIn(WIDE, { prefix: 'vic' });
    const other = await app.signedIn(WIDE, { prefix: 'oli' });
    await favorite(viewer.page, 550);
    await favorite(viewer.page, 603);

    await openMatches(viewer.page);
    await viewer.page.getByText('No matches found').waitFor();
    await openMatches(viewer.page);
    await viewer.page.getByText('No matches found').waitFor();

    // Oli favorites one of Vic's titles: Vic's next visit has Oli's card.
    await favorite(other.page, 550);
    await openMatches(viewer.page);
    expect(await cardNames(viewer.page)).toEqual([`Match: ${other.fullName}`]);

    // Vic follows Oli from a second tab; the first tab's next visit says Following.
    const second = await viewer.context.newPage();
    await openMatches(second);
    const card = (page: Page) => page.locator(`li[aria-label="Match: ${other.fullName}"]`);
    await card(second).getByRole('button', { name: 'Follow', exact: true }).click();
    await card(second).getByRole('button', { name: 'Following', exact: true }).waitFor();
    await openMatches(viewer.page);
    await card(viewer.page).getByRole('button', { name: 'Following', exact: true }).waitFor();

    // Oli renames themselves; then hides their favorites (ruling 19: no longer shown to others).
    expect((await other.context.request.patch(`${app.url}/api/me/profile`, { data: { fullName: 'Oli Renamed' } })).status()).toBe(200);
    await openMatches(second);
    expect(await cardNames(second)).toEqual(['Match: Oli Renamed']);
    expect((await other.context.request.patch(`${app.url}/api/me/settings`, { data: { showFavorites: false } })).status()).toBe(200);
    await openMatches(viewer.page);
    await viewer.page.getByText('No matches found').waitFor();
    expect(await cardNames(viewer.page)).toEqual([]);
  });
});
