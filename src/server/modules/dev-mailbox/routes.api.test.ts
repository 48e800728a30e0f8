import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
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
