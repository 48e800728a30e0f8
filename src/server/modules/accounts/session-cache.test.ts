import { describe, expect, it } from 'vitest';
import { AccessSignals } from '../../db/access-signals';
import { SessionCache, type SessionRecord } from './session-cache';

function record(userId: string): SessionRecord {
  return {
    user: { id: userId, email: `${userId}@example.com`, emailVerified: true, username: userId, name: userId },
    expiresAt: new Date(Date.now() + 86_400_000),
    isBanned: false,
    createdAt: new Date(),
    fullName: null,
    avatarUrl: null,
    foundingMember: false,
    foundingNumber: null,
    isAdmin: false,
    subscription: null,
  };
}

describe('session cache', () => {
  it('keeps a session until a signal names its user, and only that user', () => {
    const signals = new AccessSignals(true);
    const cache = new SessionCache(signals, 30_000);
    cache.put('t1', record('a'), cache.mark());
    cache.put('t2', record('a'), cache.mark());
    cache.put('t3', record('b'), cache.mark());
    expect(cache.get('t1')?.user.id).toBe('a');
    signals.heard('a');
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t3')?.user.id).toBe('b');
  });

  it('does not keep a lookup that a signal overtook (a read racing with a ban)', () => {
    const signals = new AccessSignals(true);
    const cache = new SessionCache(signals, 30_000);
    const mark = cache.mark();
    signals.heard('someone-else');
    cache.put('t1', record('a'), mark);
    expect(cache.get('t1')).toBeUndefined();
    cache.put('t1', record('a'), cache.mark());
    expect(cache.get('t1')).toBeDefined();
  });

  it('forgets after its lifetime, and keeps nothing with a lifetime of 0', () => {
    const signals = new AccessSignals(true);
    const cache = new SessionCache(signals, 1_000);
    const now = Date.now();
    cache.put('t1', record('a'), cache.mark(), now);
    expect(cache.get('t1', now + 999)).toBeDefined();
    expect(cache.get('t1', now + 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    const off = new SessionCache(signals, 0);
    off.put('t1', record('a'), off.mark());
    expect(off.get('t1')).toBeUndefined();
  });

  it('serves nothing while no listener is certain to hear every change', () => {
    const signals = new AccessSignals(false);
    const cache = new SessionCache(signals, 30_000);
    cache.put('t1', record('a'), cache.mark());
    expect(cache.size).toBe(0);
    expect(cache.get('t1')).toBeUndefined();
  });

  it('holds at most its limit, the oldest going first', () => {
    const signals = new AccessSignals(true);
    const cache = new SessionCache(signals, 30_000, 3);
    for (const n of [1, 2, 3, 4]) cache.put(`t${n}`, record(`u${n}`), cache.mark());
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t4')).toBeDefined();
    // The evicted user's index is gone too: a signal for them finds nothing to drop.
    signals.heard('u1');
    expect(cache.size).toBe(3);
  });
});
