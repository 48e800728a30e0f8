import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { favorites, notifications, profiles } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { statementsDuring } from '../../test/query-count';
import { claimOnce } from '../notifications/dedup';
import { readSse } from '../../test/sse';
import { notifyNewMatches } from './new-match';

type User = Awaited<ReturnType<typeof signUpVerified>>;
let t: TestApp;

async function favorite(u: User, ...ids: number[]) {
  for (const mediaId of ids) expect((await t.as(u)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId, rating: 4 } })).status).toBe(201);
}
const matchNotices = (to: User, about: User) =>
  t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, to.id), eq(notifications.type, 'new_match'), eq(notifications.relatedUserId, about.id)));

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('new_match (ruling 21)', () => {
  it('tells both users, live, when a new favorite makes them share 3 titles at 50% or more, once per pair ever', async () => {
    const [a, b] = [await signUpVerified(t), await signUpVerified(t)];
    await favorite(a, 238, 240, 278, 680);
    await favorite(b, 238, 240);
    const stream = readSse(await t.as(a)('/api/events'));
    await favorite(b, 278); // 3 of min(4, 3): 100
    await vi.waitFor(async () => expect(await matchNotices(a, b)).toHaveLength(1));
    expect(await matchNotices(b, a)).toHaveLength(1);
    expect((await matchNotices(a, b))[0]!.message).toContain('100% match');
    expect(await stream.waitFor((e) => e.type === 'notification')).toBeDefined();
    await stream.close();

    // Removing and adding again, or sharing more, is not news.
    await t.as(b)('/api/me/favorites/movie/278', { method: 'DELETE' });
    await favorite(b, 278, 680);
    await new Promise((r) => setTimeout(r, 300));
    expect(await matchNotices(a, b)).toHaveLength(1);
    expect(await matchNotices(b, a)).toHaveLength(1);
  });

  it('follows notify_on_match, and stays quiet below 50% or for users whose favorites are hidden', async () => {
    const [a, b, c, d] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.update(profiles).set({ notifyOnMatch: 'none' }).where(eq(profiles.id, b.id));
    await t.deps.database.db.update(profiles).set({ showFavorites: false }).where(eq(profiles.id, d.id));
    await favorite(a, 238, 240, 278);
    await favorite(b, 238, 240, 278); // a is told; b asked for nothing
    await favorite(c, 550, 769, 103, 807, 629, 500, 829, 238, 240, 278); // 3 of min(3, 10)... 100: told
    await favorite(d, 238, 240, 278); // hidden favorites: nobody is told
    await vi.waitFor(async () => expect(await matchNotices(a, c)).toHaveLength(1));
    expect(await matchNotices(a, b)).toHaveLength(1);
    expect(await matchNotices(b, a)).toHaveLength(0);
    expect(await matchNotices(a, d)).toHaveLength(0);
    expect(await matchNotices(d, a)).toHaveLength(0);

    const [e, f] = [await signUpVerified(t), await signUpVerified(t)];
    await favorite(e, 238, 240, 278, 550, 769, 103, 807);
    await favorite(f, 680, 949, 629, 500, 238, 240, 278); // the third shared title comes at 3 of 7: 43%, not a match worth telling
    await new Promise((r) => setTimeout(r, 300));
    expect(await matchNotices(e, f)).toHaveLength(0);
  });

  it('does not try to claim pairs that were told already, and still tells the new ones', async () => {
    const [a, b, c] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
    // Written directly, so no request's background work runs beside the one measured here.
    const titles = [990_001, 990_002, 990_003, 990_004]; // titles nobody else in this file holds
    await t.deps.database.db
      .insert(favorites)
      .values([a, b, c].flatMap((u) => titles.map((mediaId) => ({ userId: u.id, mediaType: 'movie' as const, mediaId, title: `Title ${mediaId}`, userRating: 4 }))));
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    expect(await claimOnce(t.deps.database.db, { kind: 'new_match', recipientId: low, subjectId: high, key: 'pair' })).toBe(true);
    // b shares 4 of 4 with a (told before) and with c (never told).
    const { result, statements } = await statementsDuring(t.deps.database, () => notifyNewMatches(t.deps, b.id, { mediaType: 'movie', mediaId: 990_004 }));
    expect(result).toBe(1);
    expect(
      statements.filter((s) => /insert into "notification_dedup"/i.test(s)),
      statements.join('\n'),
    ).toHaveLength(1);
    expect(await matchNotices(c, b)).toHaveLength(1);
    expect(await matchNotices(a, b)).toHaveLength(0);
  });
});
