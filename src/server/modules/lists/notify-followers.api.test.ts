import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { roundTripsDuring } from '../../test/query-count';
import { notify } from '../notifications/notify';
import { notifyFollowersOfFavorite } from './notify-followers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const told = (to: string, about: string) =>
  t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, to), eq(notifications.type, 'new_favorite_from_following'), eq(notifications.relatedUserId, about)));

describe('followers told of a new favorite', () => {
  it('tells each follower of a title once: those told before cost no statement, a new follower is told', async () => {
    const [star, fan, late] = [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.insert(follows).values({ followerId: fan.id, followingId: star.id });
    const fav = { userId: star.id, username: 'star', mediaType: 'movie' as const, mediaId: 603, title: 'The Matrix' };
    await notifyFollowersOfFavorite(t.deps, fav);
    expect(await told(fan.id, star.id)).toHaveLength(1);

    // Favorited again later, now with a second follower: only the new one is claimed and told.
    await t.deps.database.db.insert(follows).values({ followerId: late.id, followingId: star.id });
    const { statements } = await roundTripsDuring(
      t.deps.database,
      () => notifyFollowersOfFavorite(t.deps, fav),
      () => true,
    );
    const claims = statements.filter((s) => /INSERT INTO "notification_dedup"/i.test(s));
    expect(claims, statements.join('\n')).toHaveLength(1);
    expect(await told(late.id, star.id)).toHaveLength(1);
    expect(await told(fan.id, star.id)).toHaveLength(1);
  });

  it("commits the fan-out's notifications without waiting for the WAL flush, and refuses that inside a transaction", async () => {
    const [star, fan] = [await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.insert(follows).values({ followerId: fan.id, followingId: star.id });
    const fav = { userId: star.id, username: 'star', mediaType: 'movie' as const, mediaId: 550, title: 'Fight Club' };
    const { statements } = await roundTripsDuring(
      t.deps.database,
      () => notifyFollowersOfFavorite(t.deps, fav),
      () => true,
    );
    const claim = statements.find((s) => /INSERT INTO "notification_dedup"/i.test(s));
    expect(claim).toMatch(/set_config\('synchronous_commit', 'off', true\)/);
    expect(await told(fan.id, star.id)).toHaveLength(1);
    const input = { userId: fan.id, type: 'new_follower', title: 'x', message: 'x', event: null, background: true } as const;
    await expect(t.deps.database.db.transaction((tx) => notify(t.deps, input, tx))).rejects.toThrow(/not part of a transaction/);
  });
});
