import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { demoTitles } from './catalogue';
import { DEMO_EMAIL_DOMAIN } from './community';
import { resetCommunity } from './reset';
import { seedCommunity } from './seed';

/** `npm run seed` and `--reset` (issue 22, decision 040) on a small community of 40. */
const SIZE = 40;
const SEED = 'apitest';
const PASSWORD = 'Demo-Passw0rd!';

let t: TestApp;
type User = Awaited<ReturnType<typeof signUpVerified>>;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const seed = (password?: string) => seedCommunity(t.deps.database, t.deps.storage, { size: SIZE, seed: SEED, password });
const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.deps.database.db, q);
const one = async (q: ReturnType<typeof sql>) => (await rows<{ n: number }>(q))[0]!.n;

const TABLES = [
  'user',
  'profiles',
  'account',
  'session',
  'subscriptions',
  'favorites',
  'watchlist',
  'follows',
  'messages',
  'notifications',
  'unread_counters',
  'forums',
  'forum_threads',
  'forum_replies',
  'thread_likes',
  'thread_follows',
  'reply_likes',
  'reports',
  'reported_posts',
  'mail_outbox',
  'match_sigs',
  'title_fans',
  'demo_forums',
  'stored_uploads',
];
/** Rows of every table the seed writes, and every count kept beside rows: what "changes nothing" compares. */
async function snapshot() {
  const counts: Record<string, unknown> = {};
  for (const table of TABLES) counts[table] = await one(sql.raw(`SELECT count(*)::int AS n FROM "${table}"`));
  counts.kept = (
    await rows(sql`SELECT (SELECT sum(followers_count + 7 * following_count + 11 * favorites_count + 13 * watchlist_count) FROM profiles) AS p,
      (SELECT sum(thread_count) FROM forums) AS f, (SELECT sum(reply_count + 3 * like_count + 5 * follow_count) FROM forum_threads) AS t,
      (SELECT sum(n) FROM unread_counters) AS u, (SELECT sum(fans) FROM title_fans) AS fans, (SELECT string_agg(password, ',') FROM account) AS pw`)
  )[0];
  return counts;
}

/** Rows anywhere that are demo data: by a demo user, about one, or in a forum only the seed made. */
const DEMO = sql`(SELECT id FROM "user" WHERE id LIKE 'demo-%')`;
async function demoRows(seeded: { usernames: string[]; forums: string[] }): Promise<Record<string, number>> {
  const of = (list: string[]) => sql`(SELECT json_array_elements_text(${JSON.stringify(list)}::json))`;
  const q: Record<string, ReturnType<typeof sql>> = {
    users: sql`SELECT count(*)::int AS n FROM "user" WHERE id IN ${DEMO} OR email LIKE ${`%@${DEMO_EMAIL_DOMAIN}`}`,
    profiles: sql`SELECT count(*)::int AS n FROM profiles WHERE is_demo`,
    favorites: sql`SELECT count(*)::int AS n FROM favorites WHERE user_id IN ${DEMO}`,
    watchlist: sql`SELECT count(*)::int AS n FROM watchlist WHERE user_id IN ${DEMO}`,
    follows: sql`SELECT count(*)::int AS n FROM follows WHERE follower_id IN ${DEMO} OR following_id IN ${DEMO}`,
    messages: sql`SELECT count(*)::int AS n FROM messages WHERE user_a LIKE 'demo-%' OR user_b LIKE 'demo-%'`,
    notifications: sql`SELECT count(*)::int AS n FROM notifications WHERE user_id IN ${DEMO} OR related_user_id IN ${DEMO} OR data->>'username' IN ${of(seeded.usernames)}`,
    threads: sql`SELECT count(*)::int AS n FROM forum_threads WHERE author_id IN ${DEMO}`,
    replies: sql`SELECT count(*)::int AS n FROM forum_replies WHERE author_id IN ${DEMO}`,
    likes: sql`SELECT ((SELECT count(*) FROM thread_likes WHERE user_id IN ${DEMO}) + (SELECT count(*) FROM reply_likes WHERE user_id IN ${DEMO}))::int AS n`,
    reports: sql`SELECT ((SELECT count(*) FROM reports WHERE reporter_id IN ${DEMO} OR reported_id IN ${DEMO} OR reporter_id IS NULL) + (SELECT count(*) FROM reported_posts WHERE reporter_id IN ${DEMO} OR reporter_id IS NULL))::int AS n`,
    demoForums: sql`SELECT count(*)::int AS n FROM demo_forums`,
    seedOnlyForums: sql`SELECT count(*)::int AS n FROM forums f WHERE f.id::text IN ${of(seeded.forums)} AND NOT EXISTS (SELECT 1 FROM forum_threads t WHERE t.forum_id = f.id)`,
    accounts: sql`SELECT ((SELECT count(*) FROM account WHERE user_id IN ${DEMO}) + (SELECT count(*) FROM session WHERE user_id IN ${DEMO}) + (SELECT count(*) FROM subscriptions WHERE user_id IN ${DEMO}))::int AS n`,
    matchState: sql`SELECT ((SELECT count(*) FROM match_sigs WHERE user_id IN ${DEMO}) + (SELECT count(*) FROM match_daily WHERE EXISTS (SELECT 1 FROM unnest(match_ids) x WHERE x LIKE 'demo-%')))::int AS n`,
    mail: sql`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" LIKE ${`%@${DEMO_EMAIL_DOMAIN}`}`,
  };
  const out: Record<string, number> = {};
  for (const [k, query] of Object.entries(q)) out[k] = await one(query);
  return out;
}

const signIn = (email: string, password: string) => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
const demoEmail = async () =>
  (await rows<{ email: string; id: string }>(sql`SELECT u.email, u.id FROM "user" u JOIN profiles p ON p.id = u.id WHERE p.is_demo ORDER BY u.id LIMIT 1`))[0]!;

describe('npm run seed', () => {
  it('makes a community of every kind of row, each demo user marked, with counts equal to their rows', async () => {
    const made = await seed();
    expect(made.users).toBe(SIZE);
    for (const k of ['favorites', 'watchlist', 'follows', 'messages', 'threads', 'replies', 'likes', 'reports'] as const) expect(made[k], k).toBeGreaterThan(0);
    expect(made.premium + made.boosted).toBeGreaterThan(0);
    expect(await one(sql`SELECT count(*)::int AS n FROM profiles WHERE is_demo AND avatar_url IS NOT NULL AND bio IS NOT NULL AND cardinality(favorite_genres) > 0`)).toBe(SIZE);
    const drift = await one(sql`SELECT (
      (SELECT count(*) FROM profiles p WHERE followers_count <> (SELECT count(*) FROM follows WHERE following_id = p.id) OR following_count <> (SELECT count(*) FROM follows WHERE follower_id = p.id))
      + (SELECT count(*) FROM forum_threads th WHERE reply_count <> (SELECT count(*) FROM forum_replies r WHERE r.thread_id = th.id) OR like_count <> (SELECT count(*) FROM thread_likes l WHERE l.thread_id = th.id))
      + (SELECT count(*) FROM forums f WHERE thread_count <> (SELECT count(*) FROM forum_threads th WHERE th.forum_id = f.id)))::int AS n`);
    expect(drift).toBe(0);
  });

  it('changes nothing on a second run', async () => {
    const before = await snapshot();
    const again = await seed();
    expect([again.users, again.favorites, again.follows, again.messages, again.threads, again.replies, again.reports]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(await snapshot()).toEqual(before);
  });

  it('lets no demo member sign in unless SEED_PASSWORD is given', async () => {
    const { email } = await demoEmail();
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    await seed(PASSWORD);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
    const withPassword = await snapshot();
    await seed(PASSWORD);
    expect(await snapshot()).toEqual(withPassword);
    await seed();
    expect((await signIn(email, PASSWORD)).status).toBe(401);
    expect(await one(sql`SELECT count(*)::int AS n FROM session WHERE user_id IN ${DEMO}`)).toBe(0);
  });

  it('never mails a demo member', async () => {
    const { email, id } = await demoEmail();
    expect(await t.deps.mail.enqueue({ to: email, subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' })).toBeNull();
    const real = await signUpVerified(t);
    expect((await t.as(real)(`/api/follows/${id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await t.as(real)(`/api/messages/with/${id}`, { method: 'POST', json: { content: 'Hello there' } })).status).toBe(201);
    while ((await t.deps.mail.processDue()) > 0);
    expect(t.transport.sent.filter((m) => m.to.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toEqual([]);
    expect(await one(sql`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" LIKE ${`%@${DEMO_EMAIL_DOMAIN}`}`)).toBe(0);
    expect(await one(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${id}`)).toBeGreaterThan(0);
  });

  it('gives a new user demo matches with varied percentages, marked as demo', async () => {
    const u = await signUpVerified(t);
    for (const title of (await demoTitles()).slice(0, 3)) {
      expect((await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: title.type, mediaId: title.id, rating: 5 } })).status).toBeLessThan(300);
    }
    const page = (await (await t.as(u)('/api/me/matches')).json()) as { matches: { matchPercentage: number; user: { id: string; isDemo: boolean } }[] };
    expect(page.matches.length).toBeGreaterThanOrEqual(5);
    expect(page.matches.every((m) => m.user.isDemo)).toBe(true);
    expect(new Set(page.matches.map((m) => m.matchPercentage)).size).toBeGreaterThanOrEqual(2);
    const profile = (await (await t.as(u)(`/api/profiles/${page.matches[0]!.user.id}`)).json()) as { isDemo: boolean };
    expect(profile.isDemo).toBe(true);
    expect(((await (await t.as(u)(`/api/profiles/${u.id}`)).json()) as { isDemo: boolean }).isDemo).toBe(false);
  });
});

describe('npm run seed -- --reset', () => {
  let real: User;
  let other: User;
  let thread: string;

  it('removes every demo row, also what demo members did to real users, and keeps the real users’ own data with exact counts', async () => {
    await seed(PASSWORD);
    real = await signUpVerified(t);
    other = await signUpVerified(t);
    const { email, id: demoId } = await demoEmail();
    const demo = {
      cookie: (await signIn(email, PASSWORD)).headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    };
    // The real user's own data: favorites, a follow of another real user, a thread in Fight Club's forum.
    await t.as(real)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 550, rating: 5 } });
    await t.as(real)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 603, rating: 4 } });
    await t.as(real)(`/api/follows/${other.id}`, { method: 'POST' });
    await t.as(other)(`/api/follows/${real.id}`, { method: 'POST' });
    await t.as(real)(`/api/follows/${demoId}`, { method: 'POST' });
    const forum = (await (await t.as(real)('/api/titles/movie/550/forums')).json()) as { title: { id: string } };
    thread = ((await (await t.as(real)(`/api/forums/${forum.title.id}/threads`, { method: 'POST', json: { title: 'Real thread', content: 'Mine' } })).json()) as { id: string }).id;
    // A demo member signed in with SEED_PASSWORD acts on real users' data.
    expect((await t.as(demo)(`/api/follows/${real.id}`, { method: 'POST' })).status).toBeLessThan(300);
    expect((await t.as(demo)(`/api/messages/with/${real.id}`, { method: 'POST', json: { content: 'Hi from the demo' } })).status).toBe(201);
    const demoReply = (await (await t.as(demo)(`/api/forum-threads/${thread}/replies`, { method: 'POST', json: { content: 'Demo reply' } })).json()) as { id: string };
    await t.as(demo)(`/api/forum-threads/${thread}/like`, { method: 'PUT' });
    await t.as(demo)(`/api/forum-threads/${thread}/follow`, { method: 'PUT' });
    const realReply = (await (
      await t.as(other)(`/api/forum-threads/${thread}/replies`, { method: 'POST', json: { content: 'Real answer', parentReplyId: demoReply.id } })
    ).json()) as { id: string };
    await t.as(demo)(`/api/forum-replies/${realReply.id}/like`, { method: 'PUT' });
    await t.as(real)(`/api/me/matches`);
    for (let i = 0; i < 100 && (await one(sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${real.id} AND related_user_id = ${demoId}`)) < 2; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const seeded = {
      usernames: (await rows<{ u: string }>(sql`SELECT username AS u FROM "user" WHERE id IN ${DEMO}`)).map((r) => r.u),
      forums: (await rows<{ id: string }>(sql`SELECT forum_id AS id FROM demo_forums`)).map((r) => r.id),
    };
    const otherForums = await one(sql`SELECT count(*)::int AS n FROM forums WHERE id NOT IN (SELECT forum_id FROM demo_forums)`);
    const before = await demoRows(seeded);
    for (const k of ['users', 'profiles', 'favorites', 'follows', 'messages', 'notifications', 'threads', 'replies', 'likes', 'reports', 'demoForums', 'accounts', 'matchState'])
      expect(before[k], k).toBeGreaterThan(0);

    const counted = sql`SELECT reply_count, like_count, follow_count FROM forum_threads WHERE id = ${thread}`;
    expect((await rows(counted))[0]).toEqual({ reply_count: 2, like_count: 1, follow_count: 1 });
    const removed = await resetCommunity(t.deps.database.db, t.deps.storage);
    expect(removed.users).toBe(SIZE);
    const after = await demoRows(seeded);
    expect(after).toEqual(Object.fromEntries(Object.keys(after).map((k) => [k, 0])));
    expect(await t.deps.storage.listUser(demoId)).toEqual([]);
    expect(await one(sql`SELECT count(*)::int AS n FROM forums WHERE id::text NOT IN (SELECT json_array_elements_text(${JSON.stringify(seeded.forums)}::json))`)).toBe(otherForums);

    // The real users' own data, with its counts matching its rows.
    expect(await one(sql`SELECT count(*)::int AS n FROM favorites WHERE user_id = ${real.id}`)).toBe(2);
    const [p] = await rows<{ followers_count: number; following_count: number; favorites_count: number }>(
      sql`SELECT followers_count, following_count, favorites_count FROM profiles WHERE id = ${real.id}`,
    );
    expect(p).toEqual({ followers_count: 1, following_count: 1, favorites_count: 2 });
    const [th] = await rows<{ reply_count: number; like_count: number; follow_count: number; thread_count: number }>(
      sql`SELECT t.reply_count, t.like_count, t.follow_count, f.thread_count FROM forum_threads t JOIN forums f ON f.id = t.forum_id WHERE t.id = ${thread}`,
    );
    expect(th).toEqual({ reply_count: 1, like_count: 0, follow_count: 0, thread_count: 1 });
    const [kept] = await rows<{ parent_reply_id: string | null; like_count: number }>(sql`SELECT parent_reply_id, like_count FROM forum_replies WHERE id = ${realReply.id}`);
    expect(kept).toEqual({ parent_reply_id: null, like_count: 0 });
    const unread = (await (await t.as(real)('/api/messages/unread-count')).json()) as { count: number };
    expect(unread.count).toBe(0);
    expect((await t.as(real)('/api/me/matches')).status).toBe(200);

    // Nothing left to remove; seeding again after a reset brings the community back.
    expect((await resetCommunity(t.deps.database.db)).users).toBe(0);
    expect((await seed()).users).toBe(SIZE);
  });
});
