import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionList } from '../../../shared/sessions';
import { cookieFrom, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { describeAgent } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

type User = Awaited<ReturnType<typeof signUpVerified>>;

/** A new session of the user, signed in with a browser of its own. */
async function signInWith(u: User, userAgent: string): Promise<User> {
  const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password }, headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  return { ...u, cookie: cookieFrom(res) };
}

const list = async (u: User) => {
  const res = await t.as(u)('/api/me/sessions');
  expect(res.status).toBe(200);
  return ((await res.json()) as SessionList).sessions;
};

describe('signed-in devices (issue 20, part 5)', () => {
  it('names the browser and system of a user agent, and says so when there is none', () => {
    expect(describeAgent(LAPTOP)).toEqual({ browser: 'Chrome 131', os: 'macOS', device: 'desktop' });
    expect(describeAgent(PHONE)).toEqual({ browser: 'Safari 17', os: 'iOS', device: 'mobile' });
    expect(describeAgent(null)).toEqual({ browser: 'Unknown browser', os: 'Unknown system', device: 'unknown' });
  });

  it('lists the devices with the current one first and marked; signs one out, whose next request is refused', async () => {
    const u = await signUpVerified(t);
    const phone = await signInWith(u, PHONE);
    const laptop = await signInWith(u, LAPTOP);
    const seen = await list(laptop);
    expect(seen).toHaveLength(3);
    expect(seen[0]).toMatchObject({ browser: 'Chrome 131', os: 'macOS', current: true });
    expect(seen.filter((s) => s.current)).toHaveLength(1);
    const phoneSession = seen.find((s) => s.browser === 'Safari 17')!;
    expect((await t.as(phone)('/api/me/lists')).status).toBe(200);

    const out = await t.as(laptop)(`/api/me/sessions/${phoneSession.id}`, { method: 'DELETE' });
    expect(out.status).toBe(200);
    expect((await t.as(phone)('/api/me/lists')).status).toBe(401);
    expect((await list(laptop)).map((s) => s.id)).not.toContain(phoneSession.id);
    // Again: it is gone.
    expect((await t.as(laptop)(`/api/me/sessions/${phoneSession.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it("never shows or ends another user's sessions: their ids answer 404 and their session holds", async () => {
    const [a, b] = [await signUpVerified(t), await signUpVerified(t)];
    const bSessions = await list(b);
    expect((await list(a)).map((s) => s.id)).not.toContain(bSessions[0]!.id);
    const res = await t.as(a)(`/api/me/sessions/${bSessions[0]!.id}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect((await t.as(b)('/api/me/lists')).status).toBe(200);
    expect((await t.as(null)('/api/me/sessions')).status).toBe(401);
  });

  it('signs out every other device and keeps this one', async () => {
    const u = await signUpVerified(t);
    const others = [await signInWith(u, PHONE), await signInWith(u, LAPTOP)];
    const res = await t.as(u)('/api/me/sessions/sign-out-others', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOut: 2 });
    for (const o of others) expect((await t.as(o)('/api/me/lists')).status).toBe(401);
    expect((await t.as(u)('/api/me/lists')).status).toBe(200);
    expect(await list(u)).toEqual([expect.objectContaining({ current: true })]);
    // Nothing else to sign out.
    expect(await (await t.as(u)('/api/me/sessions/sign-out-others', { method: 'POST' })).json()).toEqual({ signedOut: 0 });
  });
});
