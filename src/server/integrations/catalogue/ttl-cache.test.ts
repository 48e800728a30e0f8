import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('expires entries but keeps them as stale', () => {
    let now = 0;
    const cache = new TtlCache<string>(10, () => now);
    cache.set('a', 'A', 100);
    expect(cache.get('a')).toEqual({ value: 'A', fresh: true });
    now = 101;
    expect(cache.get('a')).toEqual({ value: 'A', fresh: false });
  });

  it('evicts the least recently used entry beyond its size', () => {
    const cache = new TtlCache<number>(2);
    cache.set('a', 1, 1000);
    cache.set('b', 2, 1000);
    cache.get('a');
    cache.set('c', 3, 1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.value).toBe(1);
    expect(cache.size).toBe(2);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = new TtlCache<number>();
    let loads = 0;
    const load = async () => {
      loads++;
      await new Promise((r) => setTimeout(r, 10));
      return 42;
    };
    expect(await Promise.all([cache.getOrLoad('k', 1000, load), cache.getOrLoad('k', 1000, load), cache.getOrLoad('k', 1000, load)])).toEqual([42, 42, 42]);
    expect(await cache.getOrLoad('k', 1000, load)).toBe(42);
    expect(loads).toBe(1);
  });

  it('serves a stale value when loading fails, and throws without one', async () => {
    let now = 0;
    const cache = new TtlCache<string>(10, () => now);
    await cache.getOrLoad('k', 100, async () => 'old');
    now = 500;
    const reasons: unknown[] = [];
    expect(
      await cache.getOrLoad(
        'k',
        100,
        () => Promise.reject(new Error('down')),
        (e) => reasons.push(e),
      ),
    ).toBe('old');
    expect(reasons).toHaveLength(1);
    await expect(cache.getOrLoad('other', 100, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  });

  it('lets the lifetime depend on the value', async () => {
    let now = 0;
    const cache = new TtlCache<string | null>(10, () => now);
    await cache.getOrLoad(
      'missing',
      (v) => (v === null ? 10 : 1000),
      async () => null,
    );
    now = 20;
    expect(cache.get('missing')?.fresh).toBe(false);
  });
});
