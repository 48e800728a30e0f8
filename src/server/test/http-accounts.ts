import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';

/**
 * A verified, signed-in user of a real server over HTTP (a server started with start.ts): signs up,
 * follows the verification link from the dev mailbox, and returns the session cookie and user id.
 */
export async function signedInOverHttp(base: string, prefix: string): Promise<{ cookie: string; id: string }> {
  const tag = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const email = `${prefix}${tag}@example.com`;
  const res = await fetch(`${base}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Corr3ct-Horse!', username: `${prefix}_${tag}`, fullName: '', acceptTerms: true, acceptPrivacy: true }),
  });
  expect(res.status).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const box = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { mails: { text: string }[] };
    link = box.mails[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const url = new URL(link!);
  const verified = await fetch(base + url.pathname + url.search, { redirect: 'manual' });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = (await (await fetch(`${base}/api/session`, { headers: { cookie } })).json()) as { user: { id: string } };
  return { cookie, id: session.user.id };
}
