import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@reelmates.test', TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each request from its own address, so the per-IP limit is not what these tests meet. */
const fresh = () => ({ 'x-forwarded-for': `10.1.0.${++ipCounter}` });

const valid = { type: 'Bug Report', name: 'Ada', email: 'ada@example.com', subject: 'Broken poster', message: 'The poster does not load.' };

describe('POST /api/contact', () => {
  it('stores the message and mails it to the support address', async () => {
    const res = await t.request('/api/contact', { method: 'POST', json: valid, headers: fresh() });
    expect(res.status).toBe(201);
    const rows = await t.deps.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ type: 'Bug Report', name: 'Ada', email: 'ada@example.com', subject: 'Broken poster' });
    expect(await t.deps.mail.processDue()).toBe(1);
    expect(t.transport.sent[0]).toMatchObject({ to: 'help@reelmates.test', subject: '[Bug Report] Broken poster' });
    expect(t.transport.sent[0]!.text).toContain('The poster does not load.');
  });

  it('refuses a missing or blank field with the field named', async () => {
    for (const field of ['name', 'email', 'subject', 'message'] as const) {
      const res = await t.request('/api/contact', { method: 'POST', json: { ...valid, [field]: '   ' }, headers: fresh() });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details[field]).toBeDefined();
    }
  });

  it('refuses an invalid e-mail, an unknown type and unknown fields', async () => {
    const email = await t.request('/api/contact', { method: 'POST', json: { ...valid, email: 'not-an-email' }, headers: fresh() });
    expect((await email.json()).error.message).toBe('Please enter a valid email address.');
    const type = await t.request('/api/contact', { method: 'POST', json: { ...valid, type: 'Other' }, headers: fresh() });
    expect(type.status).toBe(400);
    const extra = await t.request('/api/contact', { method: 'POST', json: { ...valid, userId: 'someone-else' }, headers: fresh() });
    expect(extra.status).toBe(400);
  });

  it('limits one address to 5 messages in 10 minutes', async () => {
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < 5; i++) expect((await t.request('/api/contact', { method: 'POST', json: valid, headers })).status).toBe(201);
    const limited = await t.request('/api/contact', { method: 'POST', json: valid, headers });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await limited.json()).error.code).toBe('rate_limited');
  });

  it('escapes HTML in the mail sent to support', async () => {
    await t.request('/api/contact', { method: 'POST', json: { ...valid, message: '<img src=x onerror=alert(1)>' }, headers: fresh() });
    while ((await t.deps.mail.processDue()) > 0);
    const last = t.transport.sent.find((m) => m.text.includes('onerror'))!;
    expect(last.html).not.toContain('<img src=x');
    expect(last.html).toContain('&lt;img src=x');
  });
});
