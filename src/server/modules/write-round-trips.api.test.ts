import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles } from '../db/schema';
import { signUpVerified } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/harness';
import { roundTripsDuring } from '../test/query-count';
import { notify } from './notifications/notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The outbox worker's and the event log's own statements run beside a request, and the followers'
 * Following tabs are told after the answer (feed-events.ts, fire and forget): not the write's.
 */
const ownStatement = (text: string) =>
  !/^\s*(WITH sent AS|UPDATE mail_outbox)|realtime_events|pg_notify|unread_counters|^(\/\* kept plan \*\/ )?SELECT f\.follower_id FROM follows f/i.test(text);
const roundTrips = <T>(run: () => Promise<T>) => roundTripsDuring(t.deps.database, run, ownStatement);

/**
 * Issue 19 item 5, issue 27 (decision 073): the writes of the mixed load make few round trips, and
 * hold their locks for fewer still, since every round trip costs the server's CPU and, inside a
 * transaction, the time its row locks are held.
 */
describe('round trips of the writes', () => {
  it('notify records the notification and its mail in one statement', async () => {
    const [actor, target] = [await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.update(profiles).set({ notifyOnFollow: 'both' }).where(eq(profiles.id, target.id));
    const input = { userId: target.id, type: 'new_follower', title: 'New follower', message: 'hello', relatedUserId: actor.id, event: 'follow' } as const;
    const { result, statements } = await roundTrips(() => notify(t.deps, input));
    expect(result).toMatchObject({ popup: true, mailed: true });
    expect(statements).toHaveLength(1);
    expect(await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, target.id))).toHaveLength(1);
  });

  it('a follow is one check and a transaction of two statements; its counts are exact', async () => {
    const [me, other] = [await signUpVerified(t), await signUpVerified(t)];
    await t.deps.database.db.update(profiles).set({ notifyOnFollow: 'both' }).where(eq(profiles.id, other.id));
    expect((await t.as(me)('/api/session')).status).toBe(200); // the session is read once, then cached
    const { result, statements } = await roundTrips(() => t.as(me)(`/api/follows/${other.id}`, { method: 'POST' }));
    expect(result.status).toBe(200);
    expect(await result.json()).toMatchObject({ following: true, followersCount: 1, followingCount: 0 });
    // The rate limit, the check, then BEGIN, the follow with its counters and claim, the notification
    // with its mail and the block check under the locks, COMMIT.
    expect(statements, statements.join('\n')).toHaveLength(6);
    const [mine] = await t.deps.database.db.select({ n: profiles.followingCount }).from(profiles).where(eq(profiles.id, me.id));
    expect(mine!.n).toBe(1);
  });

  it('a message is sent with one check and a transaction of four statements', async () => {
    const [me, other] = [await signUpVerified(t), await signUpVerified(t)];
    expect((await t.as(me)('/api/session')).status).toBe(200);
    const { result, statements } = await roundTrips(() => t.as(me)(`/api/messages/with/${other.id}`, { method: 'POST', json: { content: 'Hello' } }));
    expect(result.status).toBeLessThan(300);
    const begin = statements.findIndex((s) => /^begin/i.test(s));
    const commit = statements.findIndex((s) => /^commit/i.test(s));
    // BEGIN, the conversation's lock, the unread count with the message, the notification, COMMIT.
    expect(commit - begin, statements.join('\n')).toBe(4);
    // Before it: the sender, the receiver and the blocks in one read, then the rate limit.
    expect(begin, statements.join('\n')).toBe(2);
  });

  it('an unfollow is one statement after the rate limit, with exact counts', async () => {
    const [me, other] = [await signUpVerified(t), await signUpVerified(t)];
    expect((await t.as(me)(`/api/follows/${other.id}`, { method: 'POST' })).status).toBe(200);
    const { result, statements } = await roundTrips(() => t.as(me)(`/api/follows/${other.id}`, { method: 'DELETE' }));
    expect(await result.json()).toEqual({ following: false, followersCount: 0, followingCount: 0 });
    expect(statements, statements.join('\n')).toHaveLength(2);
    const [mine] = await t.deps.database.db.select({ n: profiles.followingCount }).from(profiles).where(eq(profiles.id, me.id));
    expect(mine!.n).toBe(0);
    expect(await t.deps.database.db.select().from(notifications).where(eq(notifications.userId, other.id))).toHaveLength(0);
  });

  it('a favorite is added and removed in one statement each after the rate limit, which also reads what may be announced', async () => {
    const me = await signUpVerified(t);
    // Hidden favorites: nothing is told to followers after the answer, so only the write's own statements run.
    await t.deps.database.db.update(profiles).set({ showFavorites: false }).where(eq(profiles.id, me.id));
    expect((await t.as(me)('/api/session')).status).toBe(200);
    const added = await roundTrips(() => t.as(me)('/api/me/favorites', { method: 'POST', json: { mediaType: 'movie', mediaId: 238, rating: 5 } }));
    expect(added.result.status).toBe(201);
    expect(added.statements, added.statements.join('\n')).toHaveLength(2);
    const removed = await roundTrips(() => t.as(me)('/api/me/favorites/movie/238', { method: 'DELETE' }));
    expect(removed.result.status).toBeLessThan(300);
    expect(removed.statements, removed.statements.join('\n')).toHaveLength(2);
  });
});
