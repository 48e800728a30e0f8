import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows, notifications, profiles, userBlocks, userMutes } from '../../db/schema';
import { unsubscribeUrl } from '../mail-settings/service';
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

  it('tells nobody while the favorites are hidden, private or not shown, and finds that out in the page statement itself', async () => {
    const [star, fan] = [await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.insert(follows).values({ followerId: fan.id, followingId: star.id });
    const fav = { userId: star.id, username: 'star', mediaType: 'movie' as const, mediaId: 604, title: 'The Matrix Reloaded' };
    for (const hidden of [{ isPrivate: true }, { isPrivate: false, showFavorites: false }]) {
      await t.deps.database.db.update(profiles).set(hidden).where(eq(profiles.id, star.id));
      const { statements } = await roundTripsDuring(
        t.deps.database,
        () => notifyFollowersOfFavorite(t.deps, fav),
        () => true,
      );
      expect(statements, statements.join('\n')).toHaveLength(1);
      expect(await told(fan.id, star.id)).toHaveLength(0);
    }
    await t.deps.database.db.update(profiles).set({ isPrivate: false, showFavorites: true }).where(eq(profiles.id, star.id));
    await notifyFollowersOfFavorite(t.deps, fav);
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

  it('tells a page of followers in one statement, each as their preference, blocks and mutes say, with a mail of their own to those who asked', async () => {
    const star = await signUpVerified(t);
    const next = () => signUpVerified(t);
    const [none, popup, email, both, blocker, muter] = [await next(), await next(), await next(), await next(), await next(), await next()];
    const { db } = t.deps.database;
    await db.insert(follows).values([none, popup, email, both, blocker, muter].map((f) => ({ followerId: f.id, followingId: star.id })));
    for (const [who, pref] of [
      [none, 'none'],
      [popup, 'popup'],
      [email, 'email'],
      [both, 'both'],
      [blocker, 'both'],
      [muter, 'both'],
    ] as const) {
      await db.update(profiles).set({ notifyOnFavorite: pref }).where(eq(profiles.id, who.id));
    }
    await db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: star.id });
    await db.insert(userMutes).values({ muterId: muter.id, mutedId: star.id });
    const fav = { userId: star.id, username: 'star', mediaType: 'tv' as const, mediaId: 1396, title: 'Breaking Bad' };
    const { statements } = await roundTripsDuring(
      t.deps.database,
      () => notifyFollowersOfFavorite(t.deps, fav),
      () => true,
    );
    expect(
      statements.filter((s) => /INSERT INTO "notifications"/i.test(s)),
      statements.join('\n'),
    ).toHaveLength(1);
    const counts = await Promise.all([none, popup, email, both, blocker, muter].map(async (f) => (await told(f.id, star.id)).length));
    expect(counts).toEqual([0, 1, 1, 1, 0, 0]);

    while ((await t.deps.mail.processDue()) > 0);
    const mails = t.transport.sent.filter((m) => m.subject.startsWith('New favorite') && m.text.includes('Breaking Bad'));
    expect(mails.map((m) => m.to).sort()).toEqual([email.email, both.email].sort());
    for (const who of [email, both]) {
      expect(mails.find((m) => m.to === who.email)!.text).toContain(unsubscribeUrl(t.deps.config, who.id, 'favorite'));
    }
  });
});
