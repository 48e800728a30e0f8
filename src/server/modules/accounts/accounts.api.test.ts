import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedEmails } from '../../db/schema';
import { cookieFrom, linkFromMail, newUserInput, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUp = (body: unknown) => t.request('/api/accounts/sign-up', { method: 'POST', json: body });

describe('sign-up and verification', () => {
  it('creates the account, mails a verification link that signs the user in and lands on /discover#type=signup', async () => {
    const input = newUserInput({ fullName: 'Ada Lovelace' });
    expect((await signUp(input)).status).toBe(201);
    const before = await (await t.request('/api/founding')).json();

    const link = new URL(await linkFromMail(t, input.email));
    expect(link.pathname).toBe('/api/auth/verify-email');
    const verified = await t.request(link.pathname + link.search, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/discover#type=signup');

    const session = await (await t.request('/api/session', { headers: { cookie: cookieFrom(verified) } })).json();
    expect(session.user).toMatchObject({ email: input.email, username: input.username.toLowerCase(), fullName: 'Ada Lovelace', emailVerified: true });
    expect(session.access).toMatchObject({ isFoundingMember: true, isPremium: true, tier: 'premium' });
    const after = await (await t.request('/api/founding')).json();
    expect(after.count).toBe(before.count + 1);
    expect(after.remaining).toBe(1000 - after.count);
  });

  it('answers signed-out visitors with user null', async () => {
    expect(await (await t.request('/api/session')).json()).toEqual({ user: null, access: null });
  });

  it('defaults the full name to the username', async () => {
    const user = await signUpVerified(t);
    const session = await (await t.request('/api/session', { headers: { cookie: user.cookie } })).json();
    expect(session.user.fullName).toBe(user.username);
  });

  it('refuses an existing e-mail with the spec text', async () => {
    const input = newUserInput();
    await signUp(input);
    const res = await signUp({ ...newUserInput(), email: input.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: { code: 'email_already_exists', message: 'An account with this email address already exists. Please sign in instead.' } });
  });

  it('refuses a taken username, whatever its case', async () => {
    const input = newUserInput();
    await signUp(input);
    const res = await signUp(newUserInput({ username: input.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe('Username is already taken');
  });

  it('lists every unmet password rule in the spec wording', async () => {
    const res = await signUp(newUserInput({ password: 'short' }));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.details.password[0]).toBe(
      'Password requirements not met: At least 8 characters, One uppercase letter, One number, One special character (!@#$%^&* and similar)',
    );
  });

  it('refuses common passwords and passwords that contain the username', async () => {
    expect((await (await signUp(newUserInput({ password: 'P@ssw0rd1!' }))).json()).error.details.password).toContain(
      'This password is too common. Please choose a less guessable one.',
    );
    expect((await (await signUp(newUserInput({ username: 'moviebuff', password: 'Moviebuff#2024' }))).json()).error.details.password).toContain(
      'Password must not contain your username.',
    );
  });

  it('applies the username rules with the spec messages, and reserved names', async () => {
    const cases: [string, string][] = [
      ['ab', 'Username must be at least 3 characters long'],
      ['a'.repeat(31), 'Username must be no more than 30 characters long'],
      ['bad-name', 'Username can only contain letters, numbers, and underscores'],
      ['1abc', 'Username cannot start with a number'],
      ['settings', 'This username is reserved. Please choose another one.'],
    ];
    for (const [username, message] of cases) {
      const body = await (await signUp(newUserInput({ username }))).json();
      expect(body.error.details.username[0]).toContain(message);
    }
  });

  it('requires both agreements and refuses unknown and privileged fields', async () => {
    expect((await signUp(newUserInput({ acceptTerms: false }))).status).toBe(400);
    expect((await signUp(newUserInput({ acceptPrivacy: undefined }))).status).toBe(400);
    for (const extra of [{ role: 'admin' }, { emailVerified: true }, { foundingMember: true }, { isBanned: false }]) {
      expect((await signUp(newUserInput(extra))).status).toBe(400);
    }
  });

  it('keeps Better Auth’s own sign-up and update-user endpoints closed', async () => {
    const res = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: 'x@example.com', password: 'Corr3ct-Horse!', name: 'x' } });
    expect(res.status).toBe(404);
    const user = await signUpVerified(t);
    const update = await t.request('/api/auth/update-user', { method: 'POST', json: { emailVerified: false, name: 'x' }, headers: { cookie: user.cookie } });
    expect(update.status).toBe(404);
  });

  it('refuses a blocked e-mail', async () => {
    const input = newUserInput();
    await t.deps.database.db.insert(blockedEmails).values({ email: input.email, reason: 'Manually blocked by admin' });
    const res = await signUp(input);
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('email_blocked');
  });
});

describe('sign-in', () => {
  it('signs a verified user in, and refuses a wrong password', async () => {
    const user = await signUpVerified(t);
    const ok = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: user.password } });
    expect(ok.status).toBe(200);
    expect(cookieFrom(ok)).toContain('session_token');
    const bad = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: user.email, password: 'Wrong-Pass1!' }, headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(bad.status).toBe(401);
    expect((await bad.json()).error.code).toBe('invalid_email_or_password');
  });

  it('tells an unverified user to verify', async () => {
    const input = newUserInput();
    await signUp(input);
    const res = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: input.email, password: input.password } });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('email_not_verified');
  });

  it('answers a username availability check, lowercased', async () => {
    const user = await signUpVerified(t);
    const taken = await (await t.request(`/api/accounts/username-available?username=${user.username.toUpperCase()}`)).json();
    expect(taken.available).toBe(false);
    const own = await (await t.request(`/api/accounts/username-available?username=${user.username}`, { headers: { cookie: user.cookie } })).json();
    expect(own.available).toBe(true);
    const free = await (await t.request('/api/accounts/username-available?username=nobody_has_this')).json();
    expect(free).toEqual({ available: true, problems: [] });
  });

  it('finds people by part of their username or name, case-insensitively', async () => {
    const user = await signUpVerified(t, { fullName: 'Zelda Fitzgerald' });
    const byName = await (await t.request('/api/profiles/search?q=fitzG')).json();
    expect(byName.results.map((r: { id: string }) => r.id)).toHaveLength(1);
    const byUsername = await (await t.request(`/api/profiles/search?q=${user.username.slice(2, 8).toUpperCase()}`)).json();
    expect(byUsername.results.length).toBeGreaterThan(0);
    expect(JSON.stringify(byName)).not.toContain(user.email);
  });
});
