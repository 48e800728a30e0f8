import { describe, expect, it } from 'vitest';
import { drawFavorites, MATCH_FAVORITES_PER_USER, MATCH_TITLES, matchMemberId } from './bench-matches-draw';

describe('the match bench draw', () => {
  it('gives each member 50 distinct titles in ascending order, rated 2 to 4, the same on every call', () => {
    for (const n of [1, 2, 77, 99_999]) {
      const { titles, ratings } = drawFavorites(n);
      expect(titles).toHaveLength(MATCH_FAVORITES_PER_USER);
      expect(new Set(titles).size).toBe(MATCH_FAVORITES_PER_USER);
      expect([...titles]).toEqual([...titles].sort((a, b) => a - b));
      expect(titles.every((t) => t >= 1 && t <= MATCH_TITLES)).toBe(true);
      expect(ratings.every((r) => r >= 2 && r <= 4)).toBe(true);
      const again = drawFavorites(n);
      expect([...again.titles]).toEqual([...titles]);
      expect([...again.ratings]).toEqual([...ratings]);
    }
    expect([...drawFavorites(1).titles]).not.toEqual([...drawFavorites(2).titles]);
  });

  it('is skewed by popularity: P(rank) ~ 1/rank', () => {
    const fans = new Map<number, number>();
    for (let n = 1; n <= 2000; n++) for (const t of drawFavorites(n).titles) fans.set(t, (fans.get(t) ?? 0) + 1);
    // 90 draws with P(title 1) = log(2)/log(20001) each: nearly every member has it.
    expect(fans.get(1)! / 2000).toBeGreaterThan(0.95);
    // Rank 10 is drawn about a tenth as often as rank 1 (per draw), rank 1,000 rarely.
    expect(fans.get(10)! / 2000).toBeGreaterThan(0.35);
    expect(fans.get(10)! / 2000).toBeLessThan(0.7);
    expect((fans.get(1000) ?? 0) / 2000).toBeLessThan(0.05);
    expect(fans.size).toBeGreaterThan(5000);
  });

  it('names members so that text order is number order', () => {
    const ids = [1, 2, 9, 10, 99, 100, 1000, 100_000].map((n) => matchMemberId(n, 100_000));
    expect(ids).toEqual([...ids].sort());
    expect(ids[0]).toBe('u000001');
  });
});
