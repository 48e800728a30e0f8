import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '../../../shared/session';
import { LISTENER_NAME } from '../../db/access-signals';
import { userRoles } from '../../db/schema';
import { type PgServer, pgServers } from '../../test/pg-servers';
import { banUser } from './moderation';

// Two real servers (start.ts) on one PostgreSQL, each with its own pool and its own access listener:
// what ends or changes a session on one is refused or seen on the other's very next request, though
// the other had the session cached (decision 013).
const { dbName, admin, start } = pgServers('cache');
type Instance = PgServer;

const PASSWORD = 'Corr3ct-Horse!';
let n = 0;
async function signedUp(base: string) {
  const email = `cache${++n}${Date.now()}@example.com`;
  const res = await fetch(`${base}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, username: `cache${n}_${Date.now().toString(36)}`, fullName: '', acceptTerms: true, acceptPrivacy: true }),
  });
  expect(res.status).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const box = (await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { mails: { text: string }[] };
    link = box.mails[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  const url = new URL(link!);
  await fetch(base + url.pathname + url.search, { redirect: 'manual' });
  return { email };
}

async function signIn(base: string, email: string) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function view(at: Instance, cookie: string) {
  const res = await fetch(`${at.base}/api/session`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as SessionView;
}
const unread = async (at: Instance, cookie: string) => (await fetch(`${at.base}/api/notifications/unread-count`, { headers: { cookie } })).status;

/** Asked twice on the instance: the second answer came from its cache. */
async function cachedOn(at: Instance, cookie: string) {
  expect((await view(at, cookie)).user).not.toBeNull();
  const hits = at.server.deps.sessions.hits;
  expect(await unread(at, cookie)).toBe(200);
  expect(at.server.deps.sessions.hits).toBe(hits + 1);
}

let one: Instance;
let two: Instance;
beforeAll(async () => {
  one = await start();
  two = await start();
});

describe('session cache, two servers on one PostgreSQL', () => {
  it('a sign-out on one is refused by the other on the very next request, every time', async () => {
    const { email } = await signedUp(one.base);
    for (let i = 0; i < 5; i++) {
      const cookie = await signIn(one.base, email);
      await cachedOn(two, cookie);
      await cachedOn(one, cookie);
      expect((await fetch(`${one.base}/api/auth/sign-out`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
      expect(await unread(two, cookie)).toBe(401);
      expect(await unread(one, cookie)).toBe(401);
    }
  });

  it('a ban, a role change and an account deletion on one are seen by the other at once', async () => {
    const { email } = await signedUp(one.base);
    const cookie = await signIn(one.base, email);
    await cachedOn(two, cookie);
    const id = (await view(two, cookie)).user!.id;

    // Outside a request a writer asks for the barrier itself (a route's answer waits for it).
    await one.server.deps.database.db.insert(userRoles).values({ userId: id, role: 'admin' });
    await one.server.deps.database.access.barrier();
    expect((await view(two, cookie)).access?.isAdmin).toBe(true);
    await one.server.deps.database.db.delete(userRoles).where(eq(userRoles.userId, id));
    await one.server.deps.database.access.barrier();
    expect((await view(two, cookie)).access?.isAdmin).toBe(false);

    const deleted = await fetch(`${one.base}/api/accounts/delete`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'DELETE' }),
    });
    expect(deleted.status).toBe(200);
    expect(await unread(two, cookie)).toBe(401);

    const other = await signedUp(one.base);
    const its = await signIn(one.base, other.email);
    await cachedOn(two, its);
    await banUser(one.server.deps.database.db, (await view(one, its)).user!.id, 'spam');
    await one.server.deps.database.access.barrier();
    expect(await unread(two, its)).toBe(401);
  });

  it('while its listener is lost, an instance reads every session from the database, and caches again once it is back', async () => {
    const { email } = await signedUp(one.base);
    const cookie = await signIn(one.base, email);
    await cachedOn(two, cookie);
    const pids = await admin<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = '${dbName}' AND application_name = '${LISTENER_NAME}'`);
    expect(pids.length).toBe(2);
    await admin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${dbName}' AND application_name = '${LISTENER_NAME}'`);
    for (let i = 0; i < 50 && two.server.deps.database.access.live; i++) await new Promise((r) => setTimeout(r, 20));
    const misses = two.server.deps.sessions.misses;
    const hits = two.server.deps.sessions.hits;
    // Nothing is served from memory meanwhile (a change now would not be heard).
    if (!two.server.deps.database.access.live) {
      expect(await unread(two, cookie)).toBe(200);
      expect(two.server.deps.sessions.hits).toBe(hits);
      expect(two.server.deps.sessions.misses).toBe(misses);
    }
    for (let i = 0; i < 100 && !two.server.deps.database.access.live; i++) await new Promise((r) => setTimeout(r, 50));
    expect(two.server.deps.database.access.live).toBe(true);
    await cachedOn(two, cookie);
    expect((await fetch(`${one.base}/api/auth/sign-out`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' })).status).toBe(200);
    expect(await unread(two, cookie)).toBe(401);
  });
});
