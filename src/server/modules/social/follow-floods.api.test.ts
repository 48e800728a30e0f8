import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FOLLOW_RATE_LIMITED, FOLLOWS_PER_HOUR } from '../../../shared/social';
import { follows, notificationDedup, notifications } from '../../db/schema';
import { signUpVerified } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/harness';
import { claimOnce } from '../notifications/dedup';

/** Repeated follows and favorites must not flood anyone's mailbox or bell. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUpVerified>>;

async function mailsTo(email: string) {
  while ((await t.deps.mail.processDue()) > 0);
  return t.transport.sent.filter((m) => m.to === email);
}

const noticesOf = (to: string, from: string, type: 'new_follower' | 'new_favorite_from_following') =>
  t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, to), eq(notifications.relatedUserId, from), eq(notifications.type, type)));

const unreadOf = async (p: Person) => (await (await t.as(p)('/api/notifications/unread-count')).json()).count as number;

describe('new follower: one notification and mail per pair per day', () => {
  it('25 follow, unfollow, follow cycles give one mail, one notification and at most one unread', async () => {
    const star = await signUpVerified(t);
    const fan = await signUpVerified(t);
    for (let i = 0; i < 25; i++) {
      expect((await t.as(fan)(`/api/follows/${star.id}`, { method: 'POST' })).status).toBe(200);
      expect(await unreadOf(star)).toBeLessThanOrEqual(1);
      if (i < 24) expect((await t.as(fan)(`/api/follows/${star.id}`, { method: 'DELETE' })).status).toBe(200);
    }
    const mails = (await mailsTo(star.email)).filter((m) => m.subject.startsWith('New follower'));
    expect(mails).toHaveLength(1);
    // Following again within the day brings the notification back (it is true), silently: read, no toast.
    const notices = await noticesOf(star.id, fan.id, 'new_follower');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.read).toBe(true);
    expect(await unreadOf(star)).toBe(0);
    const list = (await (await t.as(star)('/api/notifications')).json()).items;
    expect(list.filter((n: { type: string }) => n.type === 'new_follower')).toHaveLength(1);
  });

  it('the first follow of a new day is told again', async () => {
    const star = await signUpVerified(t);
    const fan = await signUpVerified(t);
    await t.as(fan)(`/api/follows/${star.id}`, { method: 'POST' });
    await t.as(fan)(`/api/follows/${star.id}`, { method: 'DELETE' });
    // The claim was made on an earlier day.
    await t.deps.database.db.update(notificationDedup).set({ key: '2000-01-01' }).where(eq(notificationDedup.recipientId, star.id));
    await t.as(fan)(`/api/follows/${star.id}`, { method: 'POST' });
    expect((await mailsTo(star.email)).filter((m) => m.subject.startsWith('New follower'))).toHaveLength(2);
    const notices = await noticesOf(star.id, fan.id, 'new_follower');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.read).toBe(false);
    // Only today's claim is kept for the pair.
    expect(await t.deps.database.db.select().from(notificationDedup).where(eq(notificationDedup.recipientId, star.id))).toHaveLength(1);
  });

  it('a claim is exact under concurrency: 20 at once, one wins', async () => {
    const a = await signUpVerified(t);
    const b = await signUpVerified(t);
    const claim = { kind: 'new_favorite_from_following' as const, recipientId: a.id, subjectId: b.id, key: 'movie:550' };
    const results = await Promise.all(Array.from({ length: 20 }, () => claimOnce(t.deps.database.db, claim)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('new favorite: one mail per follower per title', () => {
  it('favoriting the same title 25 times mails each follower once', async () => {
    const star = await signUpVerified(t);
    const fans = [await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.insert(follows).values(fans.map((f) => ({ followerId: f.id, followingId: star.id })));
    for (let i = 0; i < 25; i++) {
      expect((await t.as(star)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 13, rating: 5 } })).status).toBe(201);
      expect((await t.as(star)('/api/me/favorites/movie/13', { method: 'DELETE' })).status).toBe(200);
    }
    // Another title is news again.
    await t.as(star)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 603, rating: 5 } });
    for (const fan of fans) {
      await vi.waitFor(async () => expect(await noticesOf(fan.id, star.id, 'new_favorite_from_following')).toHaveLength(2));
    }
    await new Promise((r) => setTimeout(r, 150));
    for (const fan of fans) {
      const mails = (await mailsTo(fan.email)).filter((m) => m.subject.startsWith('New favorite'));
      expect(mails.filter((m) => m.text.includes('Forrest Gump'))).toHaveLength(1);
      expect(mails.filter((m) => m.text.includes('The Matrix'))).toHaveLength(1);
      expect(await noticesOf(fan.id, star.id, 'new_favorite_from_following')).toHaveLength(2);
    }
  });
});

describe('follow limit', () => {
  it(`refuses more than ${FOLLOWS_PER_HOUR} follow and unfollow actions an hour from one user with 429 and a clear message`, async () => {
    const fan = await signUpVerified(t);
    const targets = [await signUpVerified(t), await signUpVerified(t)];
    for (let i = 0; i < FOLLOWS_PER_HOUR; i++) {
      const target = targets[i % 2]!;
      const res = await t.as(fan)(`/api/follows/${target.id}`, { method: i % 4 < 2 ? 'POST' : 'DELETE' });
      expect(res.status, `action ${i + 1}`).toBe(200);
    }
    const refused = await t.as(fan)(`/api/follows/${targets[0]!.id}`, { method: 'POST' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: FOLLOW_RATE_LIMITED } });
    expect((await t.as(fan)(`/api/follows/${targets[0]!.id}`, { method: 'DELETE' })).status).toBe(429);
    expect(FOLLOW_RATE_LIMITED).toBe("You're following and unfollowing too quickly. Please try again later.");
    // Someone else is not held back, and reading lists is not an action.
    expect((await t.as(targets[1]!)(`/api/follows/${targets[0]!.id}`, { method: 'POST' })).status).toBe(200);
    expect((await t.as(fan)(`/api/follows/${targets[0]!.id}`)).status).toBe(200);
  });
});
