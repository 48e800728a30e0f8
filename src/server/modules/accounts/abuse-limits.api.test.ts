import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserInput } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

// Issue 25 item 2: every abuse limit is kept in the database, so N instances give exactly the
// nominal limit and a restart resets nothing. Two apps share one database here (two instances),
// and a third app on it stands for the server after a restart.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.deps.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const contact = { type: 'Contact Inquiry', name: 'Ada', email: 'ada@example.com', subject: 'Hello', message: 'Just saying hello.' };
const post = (t: TestApp, path: string, json: unknown, address: string) => t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': address } });

async function expectLimited(res: Response, message: string) {
  expect(res.status).toBe(429);
  expect(await res.json()).toEqual({ error: { code: 'rate_limited', message } });
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
}

describe('per-address abuse limits', () => {
  it('holds the contact form to 5 messages in 10 minutes from one address across two instances and a restart', async () => {
    const address = '198.51.100.5';
    const statuses: number[] = [];
    // 3 + 2 = 5 across the two instances: each alone is under the limit, together they are at it.
    for (let i = 0; i < 3; i++) statuses.push((await post(first, '/api/contact', contact, address)).status);
    for (let i = 0; i < 2; i++) statuses.push((await post(second, '/api/contact', contact, address)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const message = 'You have sent several messages in a short time. Please try again in a few minutes.';
    await expectLimited(await post(second, '/api/contact', contact, address), message);
    await expectLimited(await post(first, '/api/contact', contact, address), message);

    const restarted = await createTestApp({}, { database: first.deps.database });
    try {
      await expectLimited(await post(restarted, '/api/contact', contact, address), message);
      // Another address is not held back by this one's messages.
      expect((await post(restarted, '/api/contact', contact, '198.51.100.6')).status).toBe(201);
    } finally {
      await restarted.close();
    }
  });

  it('holds sign-up to 10 an hour from one address across two instances and a restart', async () => {
    const address = '198.51.100.10';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await post(i % 2 ? second : first, '/api/accounts/sign-up', newUserInput(), address)).status);
    expect(statuses).toEqual(Array(10).fill(201));
    const message = 'Too many sign-ups from your network. Please try again later.';
    await expectLimited(await post(first, '/api/accounts/sign-up', newUserInput(), address), message);
    await expectLimited(await post(second, '/api/accounts/sign-up', newUserInput(), address), message);

    const restarted = await createTestApp({}, { database: first.deps.database });
    try {
      await expectLimited(await post(restarted, '/api/accounts/sign-up', newUserInput(), address), message);
      expect((await post(restarted, '/api/accounts/sign-up', newUserInput(), '198.51.100.11')).status).toBe(201);
    } finally {
      await restarted.close();
    }
  });
});
