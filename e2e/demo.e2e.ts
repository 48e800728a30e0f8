import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app';

/**
 * Issue 22 as a newcomer tries it: `npm run seed` on the data directory the server uses (refused
 * while the server runs), then a new user signs up, favorites three popular titles and finds demo
 * matches with varied percentages, people to follow and the Demo badge.
 */
const restartErrors = [/ERR_INCOMPLETE_CHUNKED_ENCODING/, /ERR_CONNECTION_REFUSED/, /ERR_CONNECTION_RESET/, /ERR_NETWORK_CHANGED/];
const app = useApp({ allowConsoleErrors: restartErrors });
const SHOTS = '/tmp/shots-seed';
mkdirSync(SHOTS, { recursive: true });

const run = promisify(execFile);
/** `npm run seed` as the package script runs it, on `dataDir`; its exit code and what it printed. */
async function seed(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', DATABASE_URL: '', SEED_PASSWORD: '' },
      timeout: 120_000,
    });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? -1, out: e.stdout ?? '' };
  }
}

const TITLES = [
  ['/details/tv/1396', 'Breaking Bad'],
  ['/details/tv/456', 'The Simpsons'],
  ['/details/tv/1399', 'Game of Thrones'],
] as const;

async function favorite(page: Page, where: string, name: string) {
  await page.goto(`${app.url}${where}`);
  await page.getByRole('heading', { name, level: 1, exact: true }).waitFor();
  await page.getByRole('button', { name: 'Add to Favorites' }).click();
  const rating = page.getByRole('dialog', { name: 'Rate and add to favorites' });
  await rating.getByRole('radio', { name: '5 stars' }).click();
  await rating.getByRole('button', { name: 'Add to Favorites' }).click();
  const followUp = page.getByRole('dialog', { name: `Want to talk about ${name} with others?` });
  await followUp.getByRole('button', { name: 'Maybe Later' }).click();
  await followUp.waitFor({ state: 'detached' });
}

async function shoot(page: Page, name: string) {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('the demo community', () => {
  it('is seeded on the server’s data while it is stopped, and a newcomer finds demo matches, people and badges', async () => {
    const running = await seed(app.server.dataDir);
    expect(running.code).toBe(75);
    expect(running.out).toContain('Stop the server first');

    let made = '';
    await app.restart({ whileStopped: async (dataDir) => void (made = (await seed(dataDir, '--size', '120')).out) });
    expect(made).toMatch(/Demo community made in [\d.]+ s: 120 members/);

    const { page, context } = await app.signedIn();
    for (const [where, name] of TITLES) await favorite(page, where, name);

    await page.goto(`${app.url}/matches`);
    await page.getByRole('heading', { name: 'Your Matches', level: 1 }).waitFor();
    const cards = page.locator('li[aria-label^="Match: "]');
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(5);
    const percentages = new Set<string>();
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      percentages.add((await card.getByTestId('match-percentage').innerText()).trim());
      await card.getByText('Demo', { exact: true }).waitFor();
    }
    expect(percentages.size).toBeGreaterThanOrEqual(2);
    await shoot(page, 'matches');

    const matches = (await (await context.request.get(`${app.url}/api/me/matches`)).json()) as { matches: { user: { id: string; fullName: string } }[] };
    const first = matches.matches[0]!.user;
    await page.goto(`${app.url}/profile/${first.id}`);
    const header = page.getByRole('region', { name: 'Profile' });
    await header.getByRole('heading', { name: first.fullName, level: 1 }).waitFor();
    await header.getByText('Demo', { exact: true }).waitFor();
    await shoot(page, 'profile');

    // The dashboard (on /discover when signed in): People You Might Like are demo members.
    await page.goto(`${app.url}/discover`);
    const suggestion = page.getByTestId('dashboard').getByTestId('suggestion').first();
    await suggestion.waitFor();
    await suggestion.getByText('Demo', { exact: true }).waitFor();
    await shoot(page, 'dashboard');

    // Discussions on the titles just favorited: the most popular ones each have a demo thread.
    await page.goto(`${app.url}/details/tv/1396`);
    await page.getByTestId('thread-card').first().waitFor();
    await page.getByTestId('thread-card').first().scrollIntoViewIfNeeded();
    await shoot(page, 'discussions');
    await context.close();
  }, 240_000);
});
