import { mkdirSync, readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DATA_EXPORT_FILES, DATA_EXPORT_TEXT } from '../src/shared/data-export';
import { useApp } from './support/app';
import { holdBack, screenshotAt } from './support/browser';

// Issue 21 part 2 (decision 056): 'Download my data' in Settings, the mail, the ZIP; the favorites' Letterboxd CSV.
const app = useApp();
const SHOTS = '/tmp/shots-export';
mkdirSync(SHOTS, { recursive: true });

interface DevMail {
  subject: string;
  text: string;
}

async function exportMail(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const mail = ((await res.json()) as { mails: DevMail[] }).mails.find((m) => m.subject === 'Your Reelmates data is ready');
    const link = mail?.text.match(/Download my data: (\S+)/)?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no data export mail');
}

describe('Download my data', () => {
  it('the button starts an export, the card follows it live, the mailed link downloads a ZIP of every kind of data', async () => {
    const me = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'exporter' });
    expect((await me.context.request.post(`${app.url}/api/me/favorites`, { data: { mediaType: 'movie', mediaId: 550, rating: 5 } })).ok()).toBe(true);
    const { page } = me;
    await page.goto(`${app.url}/settings#data-export`);
    const card = page.locator('#data-export');
    const status = card.getByRole('status');
    await status.getByText('You have not requested your data yet.').waitFor();
    await screenshotAt(page, SHOTS, 'settings-card-idle', 1280, card);
    await screenshotAt(page, SHOTS, 'settings-card-idle', 390, card);

    // A double click asks once: the button is disabled only at the next render, after both clicks.
    const requests: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/me/data-export') requests.push(r.status());
    });
    await card.getByRole('button', { name: DATA_EXPORT_TEXT.button }).dblclick();
    // The job runs in the background; the event stream moves the card to 'Ready' and a toast says so.
    await card.locator('[data-status="ready"]').waitFor({ timeout: 20_000 });
    await page.getByText(DATA_EXPORT_TEXT.ready).waitFor();
    await status.getByText('We e-mailed you a download link', { exact: false }).waitFor();
    expect(await card.getByRole('button', { name: DATA_EXPORT_TEXT.button }).isEnabled()).toBe(true);
    await card.getByText('1 of 3 requests used in the last 24 hours.').waitFor();
    expect(requests).toEqual([202]);

    // The mail's link opens Settings with the download, for the signed-in owner.
    const link = new URL(await exportMail(me.email));
    expect(link.pathname).toBe('/settings');
    await page.goto(`${app.url}${link.pathname}${link.search}${link.hash}`);
    const downloadLink = card.getByRole('link', { name: 'Download ZIP' });
    await downloadLink.waitFor();
    await screenshotAt(page, SHOTS, 'settings-card-ready', 1280, card);
    await screenshotAt(page, SHOTS, 'settings-card-ready', 390, card);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^reelmates-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
    for (const name of DATA_EXPORT_FILES) expect(Object.keys(files)).toContain(name);
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ id: me.id, email: me.email });
    expect(strFromU8(files['favorites-letterboxd.csv']!)).toMatch(/^550,Fight Club,1999,5\r$/m);

    // Someone else signed in with the same link gets nothing.
    const other = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'stranger' });
    const refused = await other.context.request.get(`${app.url}/api/me/data-export/download/${link.searchParams.get('export')}`);
    expect(refused.status()).toBe(404);
    await other.context.close();

    // The owner opens the mailed link signed out (another browser): sign-in comes first, then the
    // link's own page, at the card, with the download.
    const elsewhere = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await elsewhere.newPage();
    // The profile's answer is held back 5 s: Settings goes to the card as soon as it is drawn, not
    // once the profile's cards below it are in (a slow phone saw the top of the page first).
    const profileAnswer = await holdBack(phone, new RegExp(`/api/profiles/${me.id}$`), 5_000);
    await phone.goto(link.toString().replace(/^https?:\/\/[^/]+/, app.url));
    await phone.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await phone.getByLabel('Email', { exact: true }).fill(me.email);
    await phone.getByLabel('Password', { exact: true }).fill(me.password);
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    const phoneDownload = phone.locator('#data-export').getByRole('link', { name: 'Download ZIP' });
    await phoneDownload.waitFor();
    expect(new URL(phone.url()).search).toBe(link.search);
    expect(new URL(phone.url()).hash).toBe('#data-export');
    await expect.poll(() => phoneDownload.isVisible()).toBe(true);
    // The link comes with the card's own answer, a moment after the card: the page is at the card by
    // then, with the profile still held back, and stays there when the profile's cards come in.
    const inView = () => phoneDownload.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= window.innerHeight);
    await expect.poll(inView, { timeout: 3_000 }).toBe(true);
    expect(profileAnswer.answeredAt).toBe(0);
    // The card's title shows below the sticky header, not under it.
    const cardTitle = phone.locator('#data-export').getByText(DATA_EXPORT_TEXT.title, { exact: true });
    expect(
      await cardTitle.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
        return !!hit && (el === hit || el.contains(hit));
      }),
    ).toBe(true);
    await phone.getByText('Popup shows it in the app; email sends you a mail; both does both.').waitFor();
    expect(profileAnswer.answeredAt).toBeGreaterThan(0);
    await expect.poll(inView, { timeout: 3_000 }).toBe(true);
    await elsewhere.close();

    // The favorites list offers the Letterboxd CSV next to the JSON export.
    await page.goto(`${app.url}/profile`);
    const csvButton = page.getByRole('button', { name: 'Download favorites as Letterboxd CSV' }).first();
    await csvButton.waitFor();
    await screenshotAt(page, SHOTS, 'profile-list-toolbar', 1280);
    await screenshotAt(page, SHOTS, 'profile-list-toolbar', 390);
    const [csv] = await Promise.all([page.waitForEvent('download'), csvButton.click()]);
    expect(csv.suggestedFilename()).toBe('favorites-letterboxd.csv');
    expect(readFileSync((await csv.path())!, 'utf8')).toBe('tmdbID,Title,Year,Rating\r\n550,Fight Club,1999,5\r\n');
    await me.context.close();
  });
});
