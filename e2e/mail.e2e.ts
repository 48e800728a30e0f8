import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { UNDELIVERABLE_NOTICE } from '../src/shared/mail';
import { useApp } from './support/app';
import { screenshotAt } from './support/browser';

// Issue 26: the page of a notification mail's one-click unsubscribe link, and Settings' notice for an
// address the relay refused. (The refusal itself, over SMTP, is the SMTP suite's: smtp.api.test.ts.)
const app = useApp();
const SHOTS = '/tmp/shots-mail';
mkdirSync(SHOTS, { recursive: true });

interface DevMail {
  subject: string;
  text: string;
  status: string;
}

async function mailsTo(to: string): Promise<DevMail[]> {
  const res = await fetch(`${app.url}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mails: DevMail[] }).mails;
}

describe('one-click unsubscribe page', () => {
  it('opening the link changes nothing; Unsubscribe turns off that kind of mail, and Settings shows it off', async () => {
    const a = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'followed' });
    const b = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'follower' });
    expect((await b.context.request.post(`${app.url}/api/follows/${a.id}`)).status()).toBe(200);

    let link: string | undefined;
    for (let i = 0; i < 50 && !link; i++) {
      const mail = (await mailsTo(a.email)).find((m) => m.subject.startsWith('New follower') && m.status === 'sent');
      link = mail?.text.match(/Unsubscribe from these e-mails: (\S+)/)?.[1];
      if (!link) await new Promise((r) => setTimeout(r, 200));
    }
    expect(link).toMatch(/\/unsubscribe\/[A-Za-z0-9_.-]+$/);
    const path_ = new URL(link!).pathname;

    // The link opened from the mail, in a browser with no session: a page that asks first.
    const visitor = await app.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await visitor.newPage();
    await page.goto(`${app.url}${path_}`);
    await page.getByRole('heading', { name: 'Unsubscribe from e-mails' }).waitFor();
    await page.getByText('New followers', { exact: true }).waitFor();
    await page.getByText('Only these e-mails stop.', { exact: false }).waitFor();
    await screenshotAt(page, SHOTS, 'unsubscribe-confirm', 1280);
    await screenshotAt(page, SHOTS, 'unsubscribe-confirm', 390);
    // Opening it (twice: a link scanner, then the user) changed nothing.
    await page.reload();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).waitFor();
    await a.page.goto(`${app.url}/settings#notifications`);
    const followers = a.page.getByRole('radiogroup', { name: 'New followers' });
    await followers.getByRole('radio', { name: 'Both', checked: true }).waitFor();

    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed' }).waitFor();
    await page.getByRole('status').getByText('New followers').waitFor();
    await screenshotAt(page, SHOTS, 'unsubscribe-done', 1280);
    await screenshotAt(page, SHOTS, 'unsubscribe-done', 390);
    await visitor.close();

    // Settings, opened afresh: follower mails off (the notifications stay: Popup); every other kind as it was.
    await a.page.reload();
    await followers.getByRole('radio', { name: 'Popup', checked: true }).waitFor();
    for (const other of ['Favorites', 'Messages', 'Matches', 'Forum activity']) {
      await a.page.getByRole('radiogroup', { name: other }).getByRole('radio', { name: 'Both', checked: true }).waitFor();
    }
    await a.context.close();
    await b.context.close();
  });

  it('a link that is not ours says so', async () => {
    const context = await app.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.url}/unsubscribe/bm9ib2R5.follow.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole('alert').getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Unsubscribe', exact: true }).count()).toBe(0);
    await context.close();
  });
});

describe('undeliverable address in Settings', () => {
  it('shows the notice with the relay’s answer; Try again sends a mail and the notice goes', async () => {
    const me = await app.signedIn({ width: 1280, height: 900 }, { prefix: 'bounced' });
    await me.page.goto(`${app.url}/settings`);
    await me.page.getByRole('heading', { name: 'Change Email' }).waitFor();
    expect(await me.page.getByText(UNDELIVERABLE_NOTICE).count()).toBe(0);

    // As the outbox marks it when the relay answers 550 (the server is stopped to write it).
    await app.restart({
      whileStopped: async (dataDir) => {
        const db = await PGlite.create(path.join(dataDir, 'db'));
        await db.query('INSERT INTO undeliverable_addresses (email, reason) VALUES ($1, $2)', [me.email.toLowerCase(), '550 5.1.1 <mailbox> No such user here']);
        await db.close();
      },
    });
    await me.page.goto(`${app.url}/settings`);
    const notice = me.page.getByRole('alert').filter({ hasText: UNDELIVERABLE_NOTICE });
    await notice.getByText('550 5.1.1 <mailbox> No such user here', { exact: false }).waitFor();
    const card = me.page.getByRole('heading', { name: 'Change Email' });
    await screenshotAt(me.page, SHOTS, 'settings-undeliverable', 1280, card);
    await screenshotAt(me.page, SHOTS, 'settings-undeliverable', 390, card);

    await notice.getByRole('button', { name: 'Try again' }).click();
    await me.page.getByText('Trying again', { exact: true }).waitFor();
    await notice.waitFor({ state: 'detached' });
    // The mail goes out at once (transactional), and the notice stays gone on a reload.
    await expect
      .poll(async () => (await mailsTo(me.email)).some((m) => m.subject === 'Mail reaches you again at Reelmates' && m.status === 'sent'), { timeout: 10_000 })
      .toBe(true);
    await me.page.reload();
    await me.page.getByRole('heading', { name: 'Change Email' }).waitFor();
    expect(await me.page.getByText(UNDELIVERABLE_NOTICE).count()).toBe(0);
    await me.context.close();
  });
});
