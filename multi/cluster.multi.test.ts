import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSse } from '../src/server/test/sse';
import { smallPng } from '../src/server/modules/settings/test-images';
import { type Cluster, startCluster } from './support/cluster';
import { cookieFrom, type HttpInit, request } from './support/http';

// Two built instances on one PostgreSQL database, each with its own DATA_DIR, behind nginx
// rendered from deploy/nginx/reelmates.conf.template, TRUST_PROXY=true (docs/deployment.md).
// vitest.config.ts runs this project only when nginx and PostgreSQL are both there.

let c: Cluster;
beforeAll(async () => {
  c = await startCluster({ nginxPath: process.env.NGINX_PATH!, adminUrl: process.env.TEST_DATABASE_URL! });
});
afterAll(async () => {
  await c?.stop();
});

/** Each client of the tests connects from a loopback address of its own: its address at the proxy. */
let clients = 1;
const newClient = () => {
  clients++;
  return `127.0.${(clients >> 8) & 255}.${clients & 255}`;
};

const proxy = (p: string, init?: HttpInit) => request(c.proxy + p, init);
const onA = (p: string, init?: HttpInit) => request(c.a.url + p, init);
const onB = (p: string, init?: HttpInit) => request(c.b.url + p, init);

let counter = 0;
function newUser() {
  counter++;
  const id = `${Date.now().toString(36)}${counter}`;
  return { email: `multi${id}@example.com`, password: 'Corr3ct-Horse!', username: `multi_${id}`, fullName: '', acceptTerms: true as const, acceptPrivacy: true as const };
}

/** The first link in the newest mail to `to`, read from the dev mailbox (loopback, direct to an instance). */
async function linkFor(to: string): Promise<URL> {
  const res = await onA(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  const { mails } = (await res.json()) as { mails: { text: string }[] };
  const url = mails[0]?.text.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no mail with a link to ${to}`);
  return new URL(url);
}

/** Sign-up and verification through the proxy, from `from`; the verification link's session cookie. */
async function signUpVerified(from = newClient()) {
  const input = newUser();
  const res = await proxy('/api/accounts/sign-up', { method: 'POST', json: input, from });
  expect(res.status, await res.clone().text()).toBe(201);
  const link = await linkFor(input.email);
  // APP_URL is the proxy's: the mailed link leads through it.
  expect(link.origin).toBe(c.proxy);
  const verified = await proxy(link.pathname + link.search, { from });
  expect(verified.status).toBe(302);
  const cookie = cookieFrom(verified);
  expect(cookie).toContain('session_token');
  const session = (await (await proxy('/api/session', { headers: { cookie }, from })).json()) as { user: { id: string } };
  return { ...input, cookie, id: session.user.id, from };
}

const sessionUser = async (res: Promise<Response>) => ((await (await res).json()) as { user: { id: string } | null }).user;

describe('two instances behind nginx', () => {
  it('round-robins the proxy over both instances, and each answers its health check directly', async () => {
    const answered = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await proxy('/api/health');
      expect(res.status).toBe(200);
      answered.add(c.upstreamOf(res)!);
    }
    expect([...answered].sort()).toEqual([`127.0.0.1:${c.a.port}`, `127.0.0.1:${c.b.port}`].sort());
    for (const res of [await onA('/api/health'), await onB('/api/health')]) expect(res.status).toBe(200);
    // docs/deployment.md: an instance holds at most its pool (DATABASE_POOL_SIZE=5) plus two LISTEN connections (realtime, access signals).
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB)('/api/founding')));
    const { rows } = await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
    expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
    expect(rows[0]!.n).toBeLessThanOrEqual(2 * (5 + 2) + 1);
  });

  it('signs up, verifies and signs in through the proxy; the session acts on either instance directly', async () => {
    const u = await signUpVerified();
    const signIn = await proxy('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password }, from: u.from });
    expect(signIn.status).toBe(200);
    const cookie = cookieFrom(signIn);
    expect((await sessionUser(onA('/api/session', { headers: { cookie } })))?.id).toBe(u.id);
    expect((await sessionUser(onB('/api/session', { headers: { cookie } })))?.id).toBe(u.id);

    // A follow made on A is seen on B.
    const other = await signUpVerified();
    const followed = await onA(`/api/follows/${other.id}`, { method: 'POST', headers: { cookie } });
    expect(await followed.json()).toEqual({ following: true, followersCount: 1, followingCount: 0 });
    const lists = (await (await onB(`/api/follows/${other.id}`, { headers: { cookie } })).json()) as { followers: { id: string }[]; followersCount: number };
    expect(lists.followersCount).toBe(1);
    expect(lists.followers.map((f) => f.id)).toEqual([u.id]);

    // Signed out on B (as a browser does it: with the site's Origin): the cookie is refused on A.
    const out = await onB('/api/auth/sign-out', { method: 'POST', json: {}, headers: { cookie, origin: c.proxy } });
    expect(out.status, await out.clone().text()).toBe(200);
    expect(await sessionUser(onA('/api/session', { headers: { cookie } }))).toBeNull();
    // The verification session is another one, still valid everywhere.
    expect((await sessionUser(onA('/api/session', { headers: { cookie: u.cookie } })))?.id).toBe(u.id);
  });

  it('stops password guessing at exactly 10 through the proxy, whichever instance answers and whatever X-Forwarded-For the client writes', async () => {
    const u = await signUpVerified();
    const guesser = newClient();
    const statuses: number[] = [];
    const answered = new Set<string>();
    for (let i = 0; i < 11; i++) {
      // The client writes a different X-Forwarded-For each time: nginx appends the real address, which is what counts.
      const res = await proxy('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: u.email, password: 'Wrong-Pass1!' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        from: guesser,
      });
      statuses.push(res.status);
      answered.add(c.upstreamOf(res)!);
    }
    expect(answered.size).toBe(2);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The owner, from another address, still signs in.
    expect((await proxy('/api/auth/sign-in/email', { method: 'POST', json: { email: u.email, password: u.password }, from: newClient() })).status).toBe(200);
  });

  it('refuses the 11th sign-up an hour from one address through the proxy, whichever instance answers', async () => {
    const from = newClient();
    const statuses: number[] = [];
    const answered = new Set<string>();
    for (let i = 0; i < 11; i++) {
      const res = await proxy('/api/accounts/sign-up', { method: 'POST', json: newUser(), headers: { 'x-forwarded-for': `203.0.113.${i}` }, from });
      statuses.push(res.status);
      answered.add(c.upstreamOf(res)!);
    }
    expect(answered.size).toBe(2);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses[10]).toBe(429);
  });

  it('shows an avatar uploaded through one instance through the other, and the replaced one is gone everywhere', async () => {
    const u = await signUpVerified();
    const headers = { cookie: u.cookie };
    const upload = async (on: typeof onA, width: number) => {
      const form = new FormData();
      form.append('file', new File([new Uint8Array(await smallPng(width, 40))], 'me.png', { type: 'image/png' }));
      const res = await on('/api/me/avatar', { method: 'POST', form, headers });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { url: string }).url;
    };
    const first = await upload(onA, 64);
    // Saved through the other instance: it must know the picture A took.
    const saved = await onB('/api/me/profile', { method: 'PATCH', json: { avatarUrl: first }, headers });
    expect(saved.status, await saved.clone().text()).toBe(200);
    for (const res of [await onA(first), await onB(first), await proxy(first), await proxy(first)]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    }
    expect(((await (await onB('/api/session', { headers })).json()) as { user: { avatarUrl: string } }).user.avatarUrl).toBe(first);

    // Replaced through B: the old picture is gone from both.
    const second = await upload(onB, 80);
    expect((await onA('/api/me/profile', { method: 'PATCH', json: { avatarUrl: second }, headers })).status).toBe(200);
    expect((await onA(second)).status).toBe(200);
    expect((await onA(first)).status).toBe(404);
    expect((await onB(first)).status).toBe(404);
  });

  it('delivers a follow made on A to an event stream on B, and after B is killed and restarted, replays the follow it missed', async () => {
    const followed = await signUpVerified();
    const [first, second] = [await signUpVerified(), await signUpVerified()];
    const open = async (headers: Record<string, string>) => {
      const res = await onB('/api/events', { headers: { cookie: followed.cookie, ...headers } });
      expect(res.status).toBe(200);
      return readSse(res);
    };
    const stream = await open({});
    expect(await stream.until(() => stream.blocks.length > 0)).toBe(true);
    expect((await onA(`/api/follows/${followed.id}`, { method: 'POST', headers: { cookie: first.cookie } })).status).toBe(200);
    const live = await stream.waitFor((e) => e.type === 'notification', 5000);
    expect(live?.event).toMatchObject({ type: 'notification', popup: true });
    expect(await stream.waitFor((e) => e.type === 'follower-stats-changed' && e.userId === followed.id)).toBeTruthy();
    const lastSeen = stream.lastId()!;
    expect(lastSeen).toMatch(/^\d+$/);

    // B dies with the stream open; the follow happens on A while B is down.
    await c.kill('b');
    expect(await stream.until(() => stream.ended, 5000)).toBe(true);
    expect((await onA(`/api/follows/${followed.id}`, { method: 'POST', headers: { cookie: second.cookie } })).status).toBe(200);
    await c.start('b');

    // The client reconnects to B with the id it saw last, as EventSource does.
    const again = await open({ 'last-event-id': lastSeen });
    const missed = await again.waitFor((e) => e.type === 'notification', 5000);
    expect(missed?.event).toMatchObject({ type: 'notification', popup: true });
    expect(missed?.event).not.toEqual(live?.event);
    expect(Number(missed!.id)).toBeGreaterThan(Number(lastSeen));
    expect(again.events().some((b) => b.event.type === 'resync')).toBe(false);
    // The missed notification is the second follower's.
    const list = await onA('/api/notifications', { headers: { cookie: followed.cookie } });
    const { items } = (await list.json()) as { items: { id: string; message: string }[] };
    const missedId = (missed!.event as { id: string }).id;
    expect(items.find((n) => n.id === missedId)?.message).toBe(`@${second.username.toLowerCase()} started following you.`);
    await again.close();
    await stream.close();
  });

  it('sends 500 queued mails exactly once by Message-ID with instance A killed -9 mid-batch', async () => {
    const MAILS = 500;
    // Queued by inserting 500 rows into mail_outbox directly (as a burst of requests would), then
    // waking A's sender with one sign-up on A (its verification mail wakes the outbox at once).
    const { rows } = await c.db.query<{ id: string }>(
      `INSERT INTO mail_outbox ("to", subject, html, text)
       SELECT 'bulk' || g || '@example.com', 'Bulk mail ' || g, '<p>Bulk mail ' || g || '</p>', 'Bulk mail ' || g FROM generate_series(1, $1::int) g
       RETURNING id`,
      [MAILS],
    );
    const ids = new Set(rows.map((r) => r.id));
    expect(ids.size).toBe(MAILS);
    const mailboxOf = (dataDir: string) => path.join(dataDir, 'mailbox');
    const bulkFiles = (dir: string) => {
      try {
        return fs.readdirSync(dir).filter((name) => name.endsWith('.eml') && ids.has(name.slice(-40, -4)));
      } catch {
        return [];
      }
    };
    const aMailbox = mailboxOf(c.a.dataDir);
    const bMailbox = mailboxOf(c.b.dataDir);
    expect((await onA('/api/accounts/sign-up', { method: 'POST', json: newUser(), headers: { 'x-forwarded-for': '192.0.2.77' } })).status).toBe(201);

    // Killed as soon as A has written its first bulk mails: in the middle of its batch.
    const deadline = Date.now() + 10_000;
    while (bulkFiles(aMailbox).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expect(bulkFiles(aMailbox).length).toBeGreaterThan(0);
    await c.kill('a');
    const killedAt = Date.now();
    const { rows: left } = await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE id = ANY($1) AND status = 'pending'`, [[...ids]]);
    expect(left[0]!.n).toBeGreaterThan(0);

    // B sends the rest, A's claimed ones once their lease runs out (15 s, plus B's 2 s poll).
    const sent = async () => (await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE id = ANY($1) AND status = 'sent'`, [[...ids]])).rows[0]!.n;
    while ((await sent()) < MAILS && Date.now() - killedAt < 40_000) await new Promise((r) => setTimeout(r, 200));
    expect(await sent()).toBe(MAILS);
    const recoveredInMs = Date.now() - killedAt;
    // Some of them were claimed by A when it died and taken over by B.
    const { rows: retried } = await c.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE id = ANY($1) AND attempts > 1`, [[...ids]]);
    expect(retried[0]!.n).toBeGreaterThan(0);

    // Across both mailboxes: every mail, by its Message-ID, and no other; every .eml whole (a
    // write cut by the kill stays a hidden .tmp file, which no reader takes for a mail).
    const messageIds = new Map<string, number>();
    let files = 0;
    for (const dir of [aMailbox, bMailbox]) {
      for (const name of bulkFiles(dir)) {
        files++;
        const eml = fs.readFileSync(path.join(dir, name), 'utf8');
        const messageId = /^Message-ID: <([^@>]+)@[^>]+>$/im.exec(eml)?.[1];
        expect(messageId, name).toBeDefined();
        expect(eml).toContain('Subject: Bulk mail ');
        expect(eml, name).toMatch(/\n--[^\s]+--\s*$/);
        messageIds.set(messageId!, (messageIds.get(messageId!) ?? 0) + 1);
      }
    }
    expect([...messageIds.keys()].sort()).toEqual([...ids].sort());
    // A mail A wrote but had not yet marked sent is written again by B, with the same Message-ID
    // (delivery is at least once; the Message-ID makes the copy recognisable): at most A's batch.
    const copies = files - messageIds.size;
    expect(copies).toBeLessThanOrEqual(50);
    console.info(
      `multi-instance outbox: ${MAILS} mails, A killed -9 after ${bulkFiles(aMailbox).length} of its files; all sent ${recoveredInMs} ms after the kill; ${retried[0]!.n} retried by B; ${copies} second copies (same Message-ID)`,
    );
  });
});
