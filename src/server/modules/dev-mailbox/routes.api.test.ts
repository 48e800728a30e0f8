import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { devMailboxSchema } from '../../../shared/dev-mailbox';
import { KEEP_PLAN_MARKER } from '../../db/kept-plans';
import { mailOutbox } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { roundTripsDuring } from '../../test/query-count';
import { LOCAL_ONLY_MESSAGE } from './routes';

// The dev mailbox holds sign-up and reset links: whoever reads it can take over accounts. It
// answers the machine it runs on, unless DEV_MAILBOX_REMOTE says otherwise.
let t: TestApp;
let open: TestApp;
beforeAll(async () => {
  [t, open] = await Promise.all([createTestApp(), createTestApp({ DEV_MAILBOX_REMOTE: 'true' })]);
  await t.deps.mail.enqueue({ to: 'someone@example.com', subject: 'Reset your password', text: 'https://x/reset?token=secret', html: '<p>x</p>' });
});
afterAll(async () => {
  await Promise.all([t.close(), open.close()]);
});

/** A request whose socket comes from `remoteAddress`, as @hono/node-server gives it to the app. */
function from(app: TestApp, remoteAddress: string, path = '/api/dev/mailbox', headers: Record<string, string> = {}) {
  return app.app.request(path, { headers }, { incoming: { headers, socket: { remoteAddress } } });
}

describe('dev mailbox', () => {
  it('refuses a client on the network, in the error shape', async () => {
    for (const address of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1']) {
      const res = await from(t, address);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: { code: 'forbidden', message: LOCAL_ONLY_MESSAGE } });
    }
    // One mail's HTML too.
    const [mail] = (await (await from(t, '127.0.0.1')).json()).mails;
    expect((await from(t, '192.168.1.20', `/api/dev/mailbox/${mail.id}/html`)).status).toBe(403);
    expect((await from(t, '127.0.0.1', `/api/dev/mailbox/${mail.id}/html`)).status).toBe(200);
  });

  it('is not fooled by X-Forwarded-For, even with TRUST_PROXY', async () => {
    expect((await from(t, '192.168.1.20', '/api/dev/mailbox', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
    // Through a proxy on this machine, the address the proxy recorded decides.
    expect((await from(t, '127.0.0.1', '/api/dev/mailbox', { 'x-forwarded-for': '192.168.1.20' })).status).toBe(403);
    expect((await from(t, '127.0.0.1', '/api/dev/mailbox', { 'x-forwarded-for': '127.0.0.1, ::1' })).status).toBe(200);
  });

  it('refuses a request without a known socket address', async () => {
    expect((await t.app.request('/api/dev/mailbox')).status).toBe(403);
  });

  it('answers loopback clients', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await from(t, address);
      expect(res.status).toBe(200);
      expect((await res.json()).mails[0].subject).toBe('Reset your password');
    }
  });

  it('answers the network when DEV_MAILBOX_REMOTE is set', async () => {
    expect((await from(open, '192.168.1.20')).status).toBe(200);
  });
});

// Decision 089: the list is kept ready while the address's mails are unchanged, and is exact: a mail
// written or sent by any path (another instance, the worker) is in the next answer.
describe('dev mailbox list, kept', () => {
  const local = async (path: string, headers: Record<string, string> = {}) => from(t, '127.0.0.1', path, headers);
  const reads = (text: string) => text.startsWith(KEEP_PLAN_MARKER) && text.includes('mail_outbox');
  const listOf = async (to: string) => {
    const { result, statements } = await roundTripsDuring(t.deps.database, () => local(`/api/dev/mailbox?to=${encodeURIComponent(to)}`), reads);
    expect(result.status).toBe(200);
    return { body: devMailboxSchema.parse(await result.json()), statements: statements.length, etag: result.headers.get('etag') };
  };

  it('answers again with one statement, and a mail added or sent elsewhere is in the next answer', async () => {
    const to = `kept-${Date.now()}@example.com`;
    await t.deps.mail.enqueue({ to, subject: 'First', text: 'one', html: '<p>1</p>' });
    const first = await listOf(to);
    expect(first.body.mails.map((m) => m.subject)).toEqual(['First']);
    expect(first.statements).toBe(2); // the stamp, then the list
    const again = await listOf(to);
    expect(again.statements).toBe(1);
    expect(again.body).toEqual(first.body);
    expect(again.etag).toBe(first.etag);

    // Written straight into the table, as another instance would.
    const { db } = t.deps.database;
    await db.insert(mailOutbox).values({ to, subject: 'Second', text: 'two', html: '<p>2</p>' });
    const added = await listOf(to);
    expect(added.body.mails.map((m) => m.subject)).toEqual(['Second', 'First']);
    expect(added.etag).not.toBe(first.etag);

    // Sent by the worker (of any instance): the status and the time change, nothing else.
    const sentAt = new Date('2026-11-27T10:00:00.123Z');
    await db.update(mailOutbox).set({ status: 'sent', sentAt }).where(eq(mailOutbox.to, to));
    const sent = await listOf(to);
    expect(sent.body.mails.map((m) => [m.subject, m.status, m.sentAt])).toEqual([
      ['Second', 'sent', sentAt.toISOString()],
      ['First', 'sent', sentAt.toISOString()],
    ]);
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'First'));
    expect(sent.body.mails[1]).toEqual({
      id: stored!.id,
      to,
      subject: 'First',
      text: 'one',
      status: 'sent',
      createdAt: stored!.createdAt.toISOString(),
      sentAt: sentAt.toISOString(),
    });
    // Other addresses' lists are their own; everyone's holds both.
    expect((await listOf('nobody-here@example.com')).body.mails).toEqual([]);
    const all = devMailboxSchema.parse(await (await local('/api/dev/mailbox')).json());
    expect(all.mails.filter((m) => m.to === to)).toHaveLength(2);
  });

  it('is gzipped when asked, and answers 304 to its own ETag', async () => {
    const to = `zipped-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) await t.deps.mail.enqueue({ to, subject: `Mail ${i}`, text: 'x'.repeat(400), html: '<p>x</p>' });
    const res = await local(`/api/dev/mailbox?to=${to}`, { 'accept-encoding': 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const again = await local(`/api/dev/mailbox?to=${to}`, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('answers one mail\u2019s HTML, and 404 for an id that is no mail', async () => {
    const to = `html-${Date.now()}@example.com`;
    await t.deps.mail.enqueue({ to, subject: 'Html', text: 'h', html: '<html><head></head><body><a href="https://x">x</a></body></html>' });
    const [mail] = devMailboxSchema.parse(await (await local(`/api/dev/mailbox?to=${to}`)).json()).mails;
    const [html, missing] = await Promise.all([local(`/api/dev/mailbox/${mail!.id}/html`), local('/api/dev/mailbox/00000000-0000-4000-8000-000000000000/html')]);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain('<html><base target="_blank"><head></head>');
    expect(missing.status).toBe(404);
  });
});
