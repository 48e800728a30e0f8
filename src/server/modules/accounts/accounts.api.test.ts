import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedEmails } from '../../db/schema';
import { cookieFrom, linkFromMail, newUserInput, signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { banUser } from './moderation';

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
    // A word no other test's user has, so the results are exactly the people made here.
    const word = `qv${Date.now().toString(36)}`;
    const byUsername = await signUpVerified(t, { username: `Ann_${word}_x`, fullName: 'Ann Example' });
    const byName = await signUpVerified(t, { username: `zed_${Date.now().toString(36)}`, fullName: `Zelda ${word.toUpperCase()}gerald` });
    const near = await signUpVerified(t, { username: `bo_${word.slice(0, -1)}`, fullName: `Bo ${word.slice(1)}` });
    const banned = await signUpVerified(t, { fullName: `Banned ${word}` });
    await banUser(t.deps.database.db, banned.id, 'spam');

    const search = async (q: string) => ((await (await t.request(`/api/profiles/search?q=${encodeURIComponent(q)}`)).json()) as { results: unknown[] }).results;
    const expected = [
      { id: byUsername.id, username: `Ann_${word}_x`, fullName: 'Ann Example', avatarUrl: null },
      { id: byName.id, username: byName.username, fullName: `Zelda ${word.toUpperCase()}gerald`, avatarUrl: null },
    ];
    // Ordered by username; the name matches whatever the case of the query; a near miss and a banned match are absent.
    expect(await search(word.toUpperCase())).toEqual(expected);
    expect(await search(word)).toEqual(expected);
    expect(await search(`${word.slice(2)}GER`)).toEqual([expected[1]]);
    expect(await search(`ann_${word}`)).toEqual([expected[0]]);
    const nearResults = await search(word.slice(1, -1));
    expect(nearResults).toContainEqual({ id: near.id, username: near.username, fullName: near.fullName, avatarUrl: null });
    expect(nearResults).not.toContainEqual(expect.objectContaining({ id: banned.id }));
    // A wildcard in the query is a character, not a pattern.
    expect(await search(`${word.slice(0, 3)}%`)).toEqual([]);
    expect(JSON.stringify(await search(word))).not.toContain(byUsername.email);
  });

  it('answers at most 10 people, the first 10 by username', async () => {
    const word = `qw${Date.now().toString(36)}`;
    const people = [];
    for (let i = 0; i < 11; i++) people.push(await signUpVerified(t, { username: `p${String.fromCharCode(107 - i)}_${Date.now().toString(36)}`, fullName: `Fan ${word} ${i}` }));
    const results = ((await (await t.request(`/api/profiles/search?q=${word}`)).json()) as { results: { id: string; username: string }[] }).results;
    const firstTen = people
      .map((p) => ({ id: p.id, username: p.username }))
      .sort((a, b) => a.username.localeCompare(b.username))
      .slice(0, 10);
    expect(results.map((r) => ({ id: r.id, username: r.username }))).toEqual(firstTen);
  });
});
