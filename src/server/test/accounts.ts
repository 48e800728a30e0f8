import { eq } from 'drizzle-orm';
import { user } from '../db/schema';
import type { TestApp } from './harness';

let counter = 0;

export function newUserInput(overrides: Record<string, unknown> = {}) {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { email: `user${id}@example.com`, password: 'Corr3ct-Horse!', username: `user_${id}`, fullName: '', acceptTerms: true, acceptPrivacy: true, ...overrides };
}

/**
 * The link of the newest mail to `to`, once the outbox has sent it. Users signed up at once each
 * drain the outbox, and one drain may hold the others' mails under its lease while it sends them:
 * an empty drain here does not mean the mail is out, so it is looked for until it is (5 s at most).
 */
export async function linkFromMail(t: TestApp, to: string): Promise<string> {
  const newest = () => [...t.transport.sent].reverse().find((m) => m.to === to);
  const drain = async () => {
    while ((await t.deps.mail.processDue()) > 0);
  };
  const deadline = Date.now() + 5_000;
  await drain();
  let mail = newest();
  while (!mail && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 10));
    await drain();
    mail = newest();
  }
  if (!mail) throw new Error(`no mail to ${to}`);
  const url = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error('no link in mail');
  return url;
}

export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Signs up, follows the verification link, and returns the input, the session cookie and the user id. */
export async function signUpVerified(t: TestApp, overrides: Record<string, unknown> = {}) {
  const input = newUserInput(overrides);
  const res = await t.request('/api/accounts/sign-up', { method: 'POST', json: input });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const link = new URL(await linkFromMail(t, input.email));
  const verified = await t.request(link.pathname + link.search, { redirect: 'manual' });
  const cookie = cookieFrom(verified);
  if (!cookie.includes('session_token')) throw new Error(`verification gave no session: ${verified.status}`);
  return { ...input, cookie, id: await userIdOf(t, input.email) };
}

/** The user id of an account, by its e-mail. */
export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [row] = await t.deps.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
