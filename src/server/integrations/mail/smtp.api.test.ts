import { generateKeyPairSync } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, notifications, profiles, undeliverableAddresses } from '../../db/schema';
import { cookieFrom, newUserInput, userIdOf } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { type ReceivedMail, startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';

/**
 * The app's real SMTP transport (SMTP_URL) against a real SMTP server started here, which
 * requires AUTH as hosted relays do. The outbox is driven by processDue(), so each test decides
 * when mails go out; a retry is made due by moving its row's next attempt into the past.
 */
let smtp: TestSmtpServer;
let t: TestApp;
const FROM = 'Reelmates <no-reply@mail.reelmates.test>';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: FROM, APP_URL: 'https://reelmates.test' }, { mail: 'config' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const to = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

/** Sends what is due until nothing more is: the outbox as its worker would run it. */
async function drain(): Promise<number> {
  let sent = 0;
  for (let n = await t.deps.mail.processDue(); n > 0; n = await t.deps.mail.processDue()) sent += n;
  return sent;
}

async function signUp(): Promise<string> {
  const input = newUserInput();
  const res = await t.request('/api/accounts/sign-up', { method: 'POST', json: input });
  expect(res.status).toBe(201);
  return input.email;
}

/** Signs up and verifies through the link of the mail the relay received; gives the session and id. */
async function signUpVerified(): Promise<{ email: string; cookie: string; id: string }> {
  const email = await signUp();
  await drain();
  const link = new URL(/Verify e-mail: (\S+)/.exec(to(email).at(-1)?.text ?? '')![1]!);
  const verified = await t.request(link.pathname + link.search, { redirect: 'manual' });
  const cookie = cookieFrom(verified);
  expect(cookie).toContain('session_token');
  return { email, cookie, id: await userIdOf(t, email) };
}

describe('mail over SMTP to a relay that requires AUTH', () => {
  it('uses the SMTP transport the config names', () => {
    expect(t.deps.mail.transportName).toBe('smtp');
  });

  it('delivers the verification mail once, with sender, recipient, subject, text and HTML parts and the link', async () => {
    const email = await signUp();
    expect(await drain()).toBe(1);
    const [mail, ...more] = to(email) as [ReceivedMail, ...ReceivedMail[]];
    expect(more).toHaveLength(0);

    expect(mail.user).toBe('relay-user');
    expect(smtp.refusedAuth).toBe(0);
    expect(mail.envelopeFrom).toBe('no-reply@mail.reelmates.test');
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.headers.get('from')).toBe('Reelmates <no-reply@mail.reelmates.test>');
    expect(mail.headers.get('to')).toBe(email);
    expect(mail.headers.get('subject')).toBe('Verify your e-mail for Reelmates');
    expect(mail.headers.get('content-type')).toMatch(/^multipart\/alternative;/);

    const link = /Verify e-mail: (https:\/\/reelmates\.test\/\S+)/.exec(mail.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(new URL(link!).pathname).toBe('/api/auth/verify-email');
    expect(mail.text).toContain('Welcome to Reelmates!');
    expect(mail.html).toContain('<h1 style="font-size:22px">Welcome to Reelmates!</h1>');
    expect(mail.html).toContain(`href="${link!.replace(/&/g, '&amp;')}"`);

    // Transactional: on the sender's domain, no Reply-To, not marked auto-generated.
    const [row] = await t.deps.database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail.headers.get('message-id')).toBe(`<${row!.id}@mail.reelmates.test>`);
    expect(mail.headers.has('reply-to')).toBe(false);
    expect(mail.headers.has('auto-submitted')).toBe(false);

    // The link works: following it verifies the account and signs in.
    const verified = await t.request(new URL(link!).pathname + new URL(link!).search, { redirect: 'manual' });
    expect(verified.headers.getSetCookie().join(';')).toContain('session_token');

    // Nothing is left to send and nothing is sent again.
    expect(await drain()).toBe(0);
    expect(to(email)).toHaveLength(1);
  });

  it('retries a mail the relay refused with 451 and delivers it exactly once', async () => {
    smtp.refuseNext(1, 451, 'Requested action aborted: try again later');
    const email = await signUp();
    expect(await t.deps.mail.processDue()).toBe(0);
    expect(to(email)).toHaveLength(0);

    const [row] = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('451');
    // Backed off: not retried before its time.
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(await drain()).toBe(0);

    await t.deps.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(mailOutbox.id, row!.id));
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);

    const delivered = to(email);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]!.headers.get('subject')).toBe('Verify your e-mail for Reelmates');
    const [after] = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2, transport: 'smtp', lastError: null });
  });

  it('refuses a client with the wrong password, and the mail waits in the outbox', async () => {
    const wrong = new URL(smtp.url);
    wrong.password = 'not-the-password';
    const other = await createTestApp({ SMTP_URL: wrong.toString(), MAIL_FROM: FROM }, { mail: 'config', database: t.deps.database });
    try {
      const before = smtp.refusedAuth;
      const id = (await other.deps.mail.enqueue({ to: 'wrong-pass@example.com', subject: 'Never', html: '<p>x</p>', text: 'x' }))!;
      expect(await other.deps.mail.processDue()).toBe(0);
      expect(smtp.refusedAuth).toBe(before + 1);
      expect(to('wrong-pass@example.com')).toHaveLength(0);
      const [row] = await t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      // Our credentials' fault, not the address's: nothing is marked.
      expect(await t.deps.database.db.select().from(undeliverableAddresses).where(eq(undeliverableAddresses.email, 'wrong-pass@example.com'))).toHaveLength(0);
      // Not this suite's to send: out of the way of the others.
      await t.deps.database.db.delete(mailOutbox).where(eq(mailOutbox.id, id));
    } finally {
      await other.close();
    }
  });
});

describe('headers mailbox providers expect', () => {
  it('gives every mail a Message-ID on the domain of MAIL_FROM, the same on a retry', async () => {
    smtp.refuseNext(1, 451, 'Try again later');
    const id = (await t.deps.mail.enqueue({ to: 'message-id@example.com', subject: 'Id', html: '<p>x</p>', text: 'x' }))!;
    expect(await t.deps.mail.processDue()).toBe(0);
    await t.deps.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
      .where(eq(mailOutbox.id, id));
    expect(await drain()).toBe(1);
    const [mail] = to('message-id@example.com');
    expect(mail!.headers.get('message-id')).toBe(`<${id}@mail.reelmates.test>`);
    expect(smtp.received.every((m) => /^<[0-9a-f-]{36}@mail\.reelmates\.test>$/.test(m.headers.get('message-id') ?? ''))).toBe(true);
  });

  it("sets Reply-To to the visitor's address on a contact-form mail", async () => {
    const res = await t.request('/api/contact', {
      method: 'POST',
      json: { type: 'Bug Report', name: 'Ada Lovelace', email: 'ada.visitor@example.com', subject: 'Broken poster', message: 'The poster does not load.' },
    });
    expect(res.status).toBe(201);
    expect(await drain()).toBe(1);
    const [mail, ...more] = to(t.deps.config.mail.supportEmail);
    expect(more).toHaveLength(0);
    expect(mail!.headers.get('reply-to')).toBe('ada.visitor@example.com');
    expect(mail!.headers.get('from')).toBe(FROM);
    expect(mail!.headers.get('subject')).toBe('[Bug Report] Broken poster');
    expect(mail!.headers.has('auto-submitted')).toBe(false);
    // The address is in the header, not in the footer text.
    expect(mail!.text).not.toContain('Reply to');
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
  });

  it('marks a notification mail Auto-Submitted: auto-generated', async () => {
    const followed = await signUpVerified();
    const follower = await signUpVerified();
    // Verification mails (transactional) carry no Auto-Submitted.
    expect(to(followed.email)[0]!.headers.has('auto-submitted')).toBe(false);

    const res = await t.as(follower)(`/api/follows/${followed.id}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await drain()).toBe(1);
    const mails = to(followed.email);
    expect(mails).toHaveLength(2);
    const notification = mails[1]!;
    expect(notification.headers.get('auto-submitted')).toBe('auto-generated');
    expect(notification.headers.has('reply-to')).toBe(false);
    expect(notification.text).toContain('/settings#notifications');
  });
});

describe('pooled SMTP', () => {
  /** A relay of its own and an app with the given pool on the suite's database; the worker runs as at start. */
  async function pooled(env: Record<string, string>, count: number, prefix: string) {
    const relay = await startTestSmtpServer();
    const app = await createTestApp({ SMTP_URL: relay.url, MAIL_FROM: FROM, ...env }, { mail: 'config', database: t.deps.database });
    try {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push((await app.deps.mail.enqueue({ to: `${prefix}${i}@example.com`, subject: `${prefix} ${i}`, html: `<p>${i}</p>`, text: `${i}` }))!);
      const startedAt = Date.now();
      app.deps.mail.start();
      await vi.waitFor(
        async () => {
          const rows = await t.deps.database.db.select({ status: mailOutbox.status }).from(mailOutbox).where(inArray(mailOutbox.id, ids));
          expect(rows.filter((r) => r.status === 'sent')).toHaveLength(count);
        },
        { timeout: 20_000, interval: 20 },
      );
      const ms = Date.now() - startedAt;
      await app.deps.mail.processDue(); // nothing more to send
      return { relay, ms };
    } finally {
      await app.close();
      await relay.close();
    }
  }

  function perConnection(received: ReceivedMail[]): number[] {
    const counts = new Map<string, number>();
    for (const m of received) counts.set(m.connectionId, (counts.get(m.connectionId) ?? 0) + 1);
    return [...counts.values()];
  }

  it('delivers 100 queued mails each exactly once over at most SMTP_POOL_MAX_CONNECTIONS authenticated connections', async () => {
    const { relay } = await pooled({ SMTP_POOL_MAX_CONNECTIONS: '5', SMTP_POOL_MAX_MESSAGES: '100' }, 100, 'pool');
    const recipients = relay.received.map((m) => m.envelopeTo.join(','));
    expect(recipients).toHaveLength(100);
    expect(new Set(recipients).size).toBe(100);
    expect(new Set(relay.received.map((m) => m.headers.get('message-id'))).size).toBe(100);
    expect(relay.received.every((m) => m.user === 'relay-user')).toBe(true);
    expect(relay.connections.total).toBeGreaterThanOrEqual(1);
    expect(relay.connections.total).toBeLessThanOrEqual(5);
    expect(relay.connections.peak).toBeLessThanOrEqual(5);
    expect(relay.refusedAuth).toBe(0);
    expect(perConnection(relay.received).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('opens no more than SMTP_POOL_MAX_CONNECTIONS at once and renews a connection after SMTP_POOL_MAX_MESSAGES mails', async () => {
    const { relay } = await pooled({ SMTP_POOL_MAX_CONNECTIONS: '2', SMTP_POOL_MAX_MESSAGES: '10' }, 40, 'renew');
    expect(new Set(relay.received.map((m) => m.envelopeTo.join(','))).size).toBe(40);
    expect(relay.received).toHaveLength(40);
    expect(relay.connections.peak).toBeLessThanOrEqual(2);
    const counts = perConnection(relay.received);
    expect(Math.max(...counts)).toBeLessThanOrEqual(10);
    expect(relay.connections.total).toBeGreaterThanOrEqual(4);
  });
});

/** Rows of the outbox to an address, oldest first. */
const rowsTo = (address: string) => t.deps.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(mailOutbox.createdAt);
const markOf = async (address: string) => (await t.deps.database.db.select().from(undeliverableAddresses).where(eq(undeliverableAddresses.email, address.toLowerCase())))[0];
const follow = async (follower: { cookie: string }, followed: { id: string }) => {
  const res = await t.as(follower)(`/api/follows/${followed.id}`, { method: 'POST' });
  expect(res.status).toBe(200);
};

describe('bounces', () => {
  it('a 550 ends the retries, marks the address, stops notification mails to it, and Settings says so until Try again', async () => {
    const followed = await signUpVerified();
    const [first, second, third] = [await signUpVerified(), await signUpVerified(), await signUpVerified()];
    smtp.refuseRecipient(followed.email, 550, '5.1.1 No such user here');

    await follow(first, followed);
    expect(await drain()).toBe(0);
    const [, bounced] = await rowsTo(followed.email);
    expect(bounced).toMatchObject({ status: 'failed', attempts: 1 });
    expect(bounced!.lastError).toContain('550');
    expect(bounced!.lastError).toContain('No such user here');
    const mark = await markOf(followed.email);
    expect(mark).toMatchObject({ mailId: bounced!.id });
    expect(mark!.reason).toContain('550 5.1.1 No such user here');

    // Not retried: even when due again, a failed row is not claimed.
    await t.deps.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 60_000) })
      .where(eq(mailOutbox.id, bounced!.id));
    expect(await drain()).toBe(0);
    expect((await rowsTo(followed.email))[1]).toMatchObject({ status: 'failed', attempts: 1 });

    // The user sees it where they manage their e-mail.
    const delivery = await t.as(followed)('/api/me/email-delivery');
    expect(delivery.status).toBe(200);
    expect(await delivery.json()).toMatchObject({ email: followed.email, undeliverable: { reason: expect.stringContaining('No such user here') as string } });

    // A new follower: recorded in the notifications, but no mail is queued to the address.
    await follow(second, followed);
    expect(await rowsTo(followed.email)).toHaveLength(2);
    const recorded = await t.deps.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, followed.id), eq(notifications.relatedUserId, second.id)));
    expect(recorded).toHaveLength(1);

    // A mail the user asks for (a password reset) is still tried, and refused again.
    const reset = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: followed.email, redirectTo: '/auth-password-reset' } });
    expect(reset.status).toBe(200);
    expect(await rowsTo(followed.email)).toHaveLength(3);
    await drain();
    expect((await rowsTo(followed.email))[2]).toMatchObject({ status: 'failed', subject: 'Reset your Reelmates password' });
    expect(to(followed.email)).toHaveLength(1); // only the verification, before the address went bad

    // The mailbox is fixed; "Try again" sends a mail at once and notification mails resume.
    smtp.acceptRecipient(followed.email);
    const retry = await t.as(followed)('/api/me/email-delivery/retry', { method: 'POST' });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ email: followed.email, undeliverable: null });
    expect(await drain()).toBe(1);
    expect(to(followed.email).at(-1)!.headers.get('subject')).toBe('Mail reaches you again at Reelmates');
    expect(await markOf(followed.email)).toBeUndefined();
    await follow(third, followed);
    expect(await drain()).toBe(1);
    expect(to(followed.email).at(-1)!.text).toContain('started following you');
  });

  it('a 451 is retried with the backoff, and counts as a bounce once it persists past the retry window', async () => {
    const address = 'greylisted@example.com';
    smtp.refuseRecipient(address, 451, '4.2.1 Mailbox busy, try later');
    const id = (await t.deps.mail.enqueue({ to: address, subject: 'Busy', html: '<p>x</p>', text: 'x' }))!;
    expect(await drain()).toBe(0);
    const [row] = await rowsTo(address);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('451');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    expect(await markOf(address)).toBeUndefined();

    // Two days on: still within the window, still retried.
    const due = () =>
      t.deps.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1_000) })
        .where(eq(mailOutbox.id, id));
    await t.deps.database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 3_600_000) })
      .where(eq(mailOutbox.id, id));
    await due();
    expect(await drain()).toBe(0);
    expect((await rowsTo(address))[0]).toMatchObject({ status: 'pending', attempts: 2 });

    // Past three days: failed with the relay's answer, the address marked.
    await t.deps.database.db
      .update(mailOutbox)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3_600_000 - 60_000) })
      .where(eq(mailOutbox.id, id));
    await due();
    expect(await drain()).toBe(0);
    const [failed] = await rowsTo(address);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed!.lastError).toMatch(/451 4\.2\.1 Mailbox busy, try later \(still refused after 72 hours\)/);
    expect(await markOf(address)).toMatchObject({ mailId: id });
  });

  it('a new verification of a marked address takes the mark off', async () => {
    const email = await signUp();
    await t.deps.database.db.insert(undeliverableAddresses).values({ email, reason: '550 earlier refusal' });
    await drain(); // the verification mail is transactional: tried, and accepted, which also clears the mark
    expect(await markOf(email)).toBeUndefined();
    await t.deps.database.db.insert(undeliverableAddresses).values({ email, reason: '550 earlier refusal' });
    const link = new URL(/Verify e-mail: (\S+)/.exec(to(email).at(-1)?.text ?? '')![1]!);
    const verified = await t.request(link.pathname + link.search, { redirect: 'manual' });
    expect(cookieFrom(verified)).toContain('session_token');
    expect(await markOf(email)).toBeUndefined();
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a notification mail carries List-Unsubscribe and List-Unsubscribe-Post, and the footer the same link; transactional mails none', async () => {
    const followed = await signUpVerified();
    const follower = await signUpVerified();
    const verification = to(followed.email)[0]!;
    expect(verification.headers.has('list-unsubscribe')).toBe(false);
    expect(verification.headers.has('list-unsubscribe-post')).toBe(false);
    expect(verification.text).not.toContain('Unsubscribe');

    await follow(follower, followed);
    expect(await drain()).toBe(1);
    const mail = to(followed.email).at(-1)!;
    const link = /^<(https:\/\/reelmates\.test\/unsubscribe\/[A-Za-z0-9_.-]+)>$/.exec(mail.headers.get('list-unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.text).toContain(`Unsubscribe from these e-mails: ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('a GET changes nothing; a POST with no cookie turns off that kind of mail for that user and nothing else', async () => {
    const followed = await signUpVerified();
    const [a, b] = [await signUpVerified(), await signUpVerified()];
    await follow(a, followed);
    await drain();
    const link = new URL(/^<(.+)>$/.exec(to(followed.email).at(-1)!.headers.get('list-unsubscribe')!)![1]!);
    const token = link.pathname.split('/').pop()!;
    const prefs = async () =>
      (
        await t.deps.database.db
          .select({
            follow: profiles.notifyOnFollow,
            message: profiles.notifyOnMessage,
            forum: profiles.notifyOnForum,
            favorite: profiles.notifyOnFavorite,
            match: profiles.notifyOnMatch,
          })
          .from(profiles)
          .where(eq(profiles.id, followed.id))
      )[0];
    const before = await prefs();
    expect(before).toEqual({ follow: 'both', message: 'both', forum: 'both', favorite: 'both', match: 'both' });

    // What a link scanner (or the confirm page) fetches: it says what would be turned off, and changes nothing.
    for (let i = 0; i < 3; i++) {
      const view = await t.request(`/api/unsubscribe/${token}`);
      expect(view.status).toBe(200);
      expect(await view.json()).toEqual({ kind: 'follow', label: 'New followers', description: 'When someone follows you.', mailOn: true });
    }
    expect(await prefs()).toEqual(before);

    // The mail client's one-click POST, to the very link, with no session, from its own servers.
    const post = await t.request(link.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ kind: 'follow', mailOn: false });
    // Mail off; the notifications themselves stay; every other kind as it was.
    expect(await prefs()).toEqual({ ...before, follow: 'popup' });
    // Again: nothing more changes.
    expect((await t.request(link.pathname, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    expect(await prefs()).toEqual({ ...before, follow: 'popup' });

    // The next follower: recorded, not mailed.
    const queued = (await rowsTo(followed.email)).length;
    await follow(b, followed);
    expect(await rowsTo(followed.email)).toHaveLength(queued);
    expect(
      await t.deps.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, followed.id), eq(notifications.relatedUserId, b.id))),
    ).toHaveLength(1);
  });

  it('a webmail page may POST it from its own origin; a token altered to another kind or user is refused', async () => {
    const followed = await signUpVerified();
    const other = await signUpVerified();
    await follow(other, followed);
    await drain();
    const link = new URL(/^<(.+)>$/.exec(to(followed.email).at(-1)!.headers.get('list-unsubscribe')!)![1]!);
    const [user, kind, signature] = link.pathname.split('/').pop()!.split('.');
    expect(kind).toBe('follow');
    for (const forged of [`${user}.message.${signature}`, `${Buffer.from(other.id).toString('base64url')}.follow.${signature}`, `${user}.follow.${signature!.slice(1)}A`]) {
      const res = await t.request(`/unsubscribe/${forged}`, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect(res.status).toBe(404);
      expect((await t.request(`/api/unsubscribe/${forged}`)).status).toBe(404);
    }
    const [still] = await t.deps.database.db.select({ message: profiles.notifyOnMessage }).from(profiles).where(eq(profiles.id, followed.id));
    expect(still!.message).toBe('both');

    const res = await t.request(`/api/unsubscribe/${user}.follow.${signature}`, { method: 'POST', headers: { origin: 'https://webmail.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(200);
    const [after] = await t.deps.database.db.select({ follow: profiles.notifyOnFollow }).from(profiles).where(eq(profiles.id, followed.id));
    expect(after!.follow).toBe('popup');
  });
});

describe('DKIM', () => {
  it('signs every mail, the unsubscribe headers included, when a key, selector and domain are configured; the signature verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const relay = await startTestSmtpServer();
    const app = await createTestApp(
      {
        SMTP_URL: relay.url,
        MAIL_FROM: FROM,
        APP_URL: 'https://reelmates.test',
        DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
        DKIM_SELECTOR: 'rm2026',
        DKIM_DOMAIN: 'mail.reelmates.test',
      },
      { mail: 'config', database: t.deps.database },
    );
    try {
      await app.deps.mail.enqueue(
        (await import('./template')).renderMail({
          to: 'dkim@example.com',
          subject: 'Signed',
          heading: 'Signed',
          paragraphs: ['x'],
          unsubscribeUrl: 'https://reelmates.test/unsubscribe/abc',
          headers: { 'Auto-Submitted': 'auto-generated' },
        }),
      );
      for (let n = await app.deps.mail.processDue(); n > 0; n = await app.deps.mail.processDue());
      const [mail] = relay.received;
      const signature = mail!.headers.get('dkim-signature') ?? '';
      const tags = Object.fromEntries(signature.split(';').map((tag) => tag.trim().split(/=(.*)/s).slice(0, 2) as [string, string]));
      expect(tags.d).toBe('mail.reelmates.test');
      expect(tags.s).toBe('rm2026');
      expect(tags.a).toBe('rsa-sha256');
      const signed = tags.h!.replace(/\s+/g, '').toLowerCase().split(':');
      expect(signed).toEqual(expect.arrayContaining(['from', 'to', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'auto-submitted']));
      // Verified as a receiving server would, against the DNS record the operator publishes
      // (deployment.md): the signature holds, and fails once the unsubscribe link is changed.
      const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
      const resolver = async (name: string, type: string) => {
        if (type === 'TXT' && name === 'rm2026._domainkey.mail.reelmates.test') return [[record]];
        throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
      };
      const verified = await dkimVerify(Buffer.from(mail!.raw), { resolver });
      expect(verified.results.map((r) => r.status.result)).toEqual(['pass']);
      const tampered = mail!.raw.replace('https://reelmates.test/unsubscribe/abc', 'https://evil.example/unsubscribe/abc');
      expect(tampered).not.toBe(mail!.raw);
      expect((await dkimVerify(Buffer.from(tampered), { resolver })).results.map((r) => r.status.result)).toEqual(['fail']);
      // The suite's own mails (no DKIM configured) carry none.
      expect(smtp.received.some((m) => m.headers.has('dkim-signature'))).toBe(false);
    } finally {
      await app.close();
      await relay.close();
    }
  });
});
