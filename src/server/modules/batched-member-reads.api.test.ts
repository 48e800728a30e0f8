import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verification } from '../db/schema';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { statementsDuring } from '../test/query-count';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUpVerified>>;
const TITLES = [238, 240, 278, 550, 680];

/**
 * Issue 27: the reads of other members' pages (follow lists, profile lists, shared favorites,
 * favorite counts) are batched across concurrent requests (decision 022). Five members asking at once
 * cost the statements of one member, and each still gets their own answer.
 */
describe('batched member reads', () => {
  let star: Person, troll: Person, pest: Person, members: Person[];
  beforeAll(async () => {
    [star, troll, pest] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
    members = await Promise.all(TITLES.map(() => signUpVerified(t)));
    const add = async (who: Person, list: 'favorites' | 'watchlist', mediaId: number) =>
      expect((await t.as(who)(`/api/me/${list}`, { method: 'POST', json: { mediaType: 'movie', mediaId, ...(list === 'favorites' ? { rating: 4 } : {}) } })).status).toBeLessThan(
        300,
      );
    // The star favorites the first three titles; member i favorites title i and has title i on the watchlist.
    for (const mediaId of TITLES.slice(0, 3)) await add(star, 'favorites', mediaId);
    for (const [i, m] of members.entries()) {
      await add(m, 'favorites', TITLES[i]!);
      await add(m, 'watchlist', TITLES[i]!);
      expect((await t.as(m)(`/api/follows/${star.id}`, { method: 'POST' })).status).toBe(200);
      // The star follows the even members back.
      if (i % 2 === 0) expect((await t.as(star)(`/api/follows/${m.id}`, { method: 'POST' })).status).toBe(200);
    }
    // The troll follows everyone: each member has a notice of their own. Then the even members mute
    // the troll and the odd ones block the pest (which touches no follow).
    for (const m of members) expect((await t.as(troll)(`/api/follows/${m.id}`, { method: 'POST' })).status).toBe(200);
    for (const [i, m] of members.entries()) expect((await t.as(m)(i % 2 === 0 ? `/api/mutes/${troll.id}` : `/api/blocks/${pest.id}`, { method: 'PUT' })).status).toBeLessThan(300);
    // Member i writes to the star: each has a conversation of their own with the star.
    for (const [i, m] of members.entries()) expect((await t.as(m)(`/api/messages/with/${star.id}`, { method: 'POST', json: { content: `Hello ${i}` } })).status).toBeLessThan(300);
    // Warm each session in the cache (decision 013), so that the counts below are the routes' own.
    for (const m of members) expect((await t.as(m)('/api/session')).status).toBe(200);
    // Follow notices and new-match notifications are written after the answers: wait until the
    // database has been quiet for a while, so that no background statement is counted below.
    await vi.waitFor(async () => expect((await statementsDuring(t.deps.database, () => new Promise((resolve) => setTimeout(resolve, 300)))).statements).toEqual([]), {
      timeout: 15_000,
      interval: 50,
    });
  });

  const atOnce = (path: (m: Person, i: number) => string) =>
    statementsDuring(t.deps.database, () =>
      Promise.all(
        members.map(async (m, i) => {
          const response = await t.as(m)(path(m, i));
          expect(response.status).toBe(200);
          return response.json() as Promise<Record<string, unknown>>;
        }),
      ),
    );
  const ids = (entries: unknown) => (entries as { id: string }[]).map((e) => e.id);
  const mediaIds = (items: unknown) => (items as { mediaId: number }[]).map((e) => e.mediaId);

  it('answers five members’ follow lists with one statement', async () => {
    const { result, statements } = await atOnce((m) => `/api/follows/${m.id}`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => ids(r.following))).toEqual(members.map(() => [star.id]));
    expect(result.map((r) => ids(r.followers))).toEqual(members.map((_, i) => (i % 2 === 0 ? [troll.id, star.id] : [troll.id])));
    expect(result.map((r) => [r.followersCount, r.followingCount])).toEqual(members.map((_, i) => [i % 2 === 0 ? 2 : 1, 1]));
  });

  it('answers five members’ name filters on one list with one statement', async () => {
    const { result, statements } = await atOnce((m, i) => `/api/follows/${star.id}?q=${i === 0 ? m.username.toUpperCase() : 'nobody-has-this-name'}`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => ids(r.followers))).toEqual(members.map((m, i) => (i === 0 ? [m.id] : [])));
  });

  it('answers five members’ profile lists with the profile view and one statement', async () => {
    for (const list of ['favorites', 'watchlist']) {
      // One statement for the five profile views (decision 010), one for the five lists.
      const { result, statements } = await atOnce((m) => `/api/profiles/${m.id}/${list}`);
      expect(statements, list).toHaveLength(2);
      expect(result.map((r) => [r.visible, mediaIds(r.items)])).toEqual(TITLES.map((id) => [true, [id]]));
    }
  });

  it('answers five members’ shared favorites with the profile view and one statement', async () => {
    const { result, statements } = await atOnce(() => `/api/profiles/${star.id}/shared-favorites`);
    expect(statements).toHaveLength(2);
    expect(result.map((r) => mediaIds(r.items))).toEqual(TITLES.map((id, i) => (i < 3 ? [id] : [])));
  });

  it('answers five titles’ favorite counts with one statement', async () => {
    const { result, statements } = await atOnce((_, i) => `/api/titles/movie/${TITLES[i]}/favorite-count`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.count)).toEqual(TITLES.map((_, i) => (i < 3 ? 2 : 1)));
  });

  it('answers five members’ conversations with one statement', async () => {
    const { result, statements } = await atOnce(() => `/api/messages/with/${star.id}`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => [(r.user as { id: string }).id, r.canMessage, (r.messages as { content: string; fromMe: boolean }[]).map((m) => [m.content, m.fromMe])])).toEqual(
      members.map((_, i) => [star.id, true, [[`Hello ${i}`, true]]]),
    );
  });

  it('answers five members’ block and mute lists with one statement each', async () => {
    const blocks = await atOnce(() => '/api/me/blocks');
    expect(blocks.statements).toHaveLength(1);
    expect(blocks.result.map((r) => ids(r.users))).toEqual(members.map((_, i) => (i % 2 === 1 ? [pest.id] : [])));
    const mutes = await atOnce(() => '/api/me/mutes');
    expect(mutes.statements).toHaveLength(1);
    expect(mutes.result.map((r) => ids(r.users))).toEqual(members.map((_, i) => (i % 2 === 0 ? [troll.id] : [])));
  });

  it('answers five members’ notifications by id with one statement, and nobody else’s', async () => {
    const notices: string[] = [];
    for (const m of members) {
      const page = (await (await t.as(m)('/api/notifications?limit=20')).json()) as { items: { id: string; relatedUser: { id: string } | null }[] };
      notices.push(page.items.find((n) => n.relatedUser?.id === troll.id)!.id);
    }
    const { result, statements } = await atOnce((_, i) => `/api/notifications/${notices[i]}`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.id)).toEqual(notices);
    // Each asking for the next member's notice, in one batch: every one is a 404.
    const foreign = await statementsDuring(t.deps.database, () =>
      Promise.all(members.map(async (m, i) => (await t.as(m)(`/api/notifications/${notices[(i + 1) % members.length]}`)).status)),
    );
    expect(foreign.statements).toHaveLength(1);
    expect(foreign.result).toEqual(members.map(() => 404));
  });

  it('answers five members’ sessions and passkeys with one statement each', async () => {
    const sessions = await atOnce(() => '/api/me/sessions');
    expect(sessions.statements).toHaveLength(1);
    // Each sees their own devices, the current one first.
    for (const r of sessions.result) expect((r.sessions as { current: boolean }[])[0]?.current).toBe(true);
    const sessionIds = sessions.result.flatMap((r) => ids(r.sessions));
    expect(new Set(sessionIds).size).toBe(sessionIds.length);
    const passkeys = await atOnce(() => '/api/me/passkeys');
    expect(passkeys.statements).toHaveLength(1);
    expect(passkeys.result.map((r) => r.passkeys)).toEqual(members.map(() => []));
  });

  it('answers five members’ boost states, e-mail delivery and the founding count with one statement each', async () => {
    // The first member boosts (every test member is a founding member, so premium): only they see it.
    expect((await t.as(members[0]!)('/api/me/boost', { method: 'POST' })).status).toBe(200);
    const boosts = await atOnce(() => '/api/me/boost');
    expect(boosts.statements).toHaveLength(1);
    expect(boosts.result.map((r) => r.boostExpiresAt !== null)).toEqual(members.map((_, i) => i === 0));
    const delivery = await atOnce(() => '/api/me/email-delivery');
    expect(delivery.statements).toHaveLength(1);
    expect(delivery.result.map((r) => [r.email, r.undeliverable])).toEqual(members.map((m) => [m.email, null]));
    const founding = await atOnce(() => '/api/founding');
    expect(founding.statements).toHaveLength(1);
    expect(new Set(founding.result.map((r) => r.count))).toEqual(new Set([founding.result[0]!.count]));
    expect(founding.result[0]!.count).toBeGreaterThanOrEqual(members.length);
  });

  it('answers five username checks with one statement, each its own answer', async () => {
    const check = (name: string, form = 'sign-up') => `/api/accounts/username-available?username=${name}&form=${form}`;
    const { result, statements } = await atOnce((m, i) => (i === 0 ? check(star.username) : i === 1 ? check(m.username, 'profile') : check(`free_name_${i}`)));
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.available)).toEqual([false, true, true, true, true]);
  });

  it('answers five reset-token checks with one statement, each its own answer', async () => {
    // Two live tokens, one used up in the past, two never issued.
    const hour = 60 * 60 * 1000;
    await t.deps.database.db.insert(verification).values([
      { id: 'batch-live-1', identifier: 'reset-password:batch-live-1', value: star.id, expiresAt: new Date(Date.now() + hour) },
      { id: 'batch-live-2', identifier: 'reset-password:batch-live-2', value: troll.id, expiresAt: new Date(Date.now() + hour) },
      { id: 'batch-old', identifier: 'reset-password:batch-old', value: pest.id, expiresAt: new Date(Date.now() - hour) },
    ]);
    const tokens = ['batch-live-1', 'batch-old', 'batch-live-2', 'nobody-issued-this', 'batch-live-1x'];
    const { result, statements } = await atOnce((_, i) => `/api/accounts/reset-token?token=${tokens[i]}`);
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.valid)).toEqual([true, false, true, false, false]);
  });

  it('answers five members’ billing pages with one statement: the access flags and the plan behind them', async () => {
    const { result, statements } = await atOnce(() => '/api/billing/subscription');
    expect(statements).toHaveLength(1);
    expect(result.map((r) => [(r.access as { isFoundingMember: boolean }).isFoundingMember, r.plan, r.trialAvailable])).toEqual(members.map(() => [true, null, false]));
  });

  it('answers five members’ current imports with one statement', async () => {
    const { result, statements } = await atOnce(() => '/api/me/imports/current');
    expect(statements).toHaveLength(1);
    expect(result.map((r) => r.job)).toEqual(members.map(() => null));
  });

  it('answers five members’ two-factor status with one statement', async () => {
    const { result, statements } = await atOnce(() => '/api/me/two-factor');
    expect(statements).toHaveLength(1);
    expect(result.map((r) => [r.enabled, r.required])).toEqual(members.map(() => [false, false]));
  });

  it('answers five members’ data export states with one statement', async () => {
    const { result, statements } = await atOnce(() => '/api/me/data-export');
    expect(statements).toHaveLength(1);
    expect(result.map((r) => [r.latest, r.startedToday])).toEqual(members.map(() => [null, 0]));
  });
});
