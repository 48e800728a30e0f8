import { describe, expect, it } from 'vitest';
import { matchPercentage } from '../../../shared/matches';
import { type DemoTitle, generateCommunity } from './community';
import { tasteOf } from './population';
import { createRng, uuidFrom, zipfRank } from './prng';
import { CLUSTERS } from './words';

const GENRES = CLUSTERS.flatMap((c) => c.genres);
const titles: DemoTitle[] = Array.from({ length: 300 }, (_, i) => ({
  type: i % 4 === 0 ? 'tv' : 'movie',
  id: i + 1,
  title: `Title ${i + 1}`,
  genres: [GENRES[i % GENRES.length]!, GENRES[(i * 7) % GENRES.length]!],
  posterUrl: null,
  releaseDate: null,
  voteAverage: 7,
}));

describe('the demo generator', () => {
  it('is deterministic: the same size and seed give the same community, another seed another one', () => {
    const a = generateCommunity({ size: 60, seed: 's1', titles });
    expect(generateCommunity({ size: 60, seed: 's1', titles })).toEqual(a);
    const b = generateCommunity({ size: 60, seed: 's2', titles });
    expect(b.users.map((u) => u.username)).not.toEqual(a.users.map((u) => u.username));
    expect(createRng('x').next()).toBe(createRng('x').next());
    expect(uuidFrom(createRng('x'))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('makes valid, distinct people and no self-follows or duplicate pairs', () => {
    const c = generateCommunity({ size: 200, seed: 'reelmates', titles });
    expect(new Set(c.users.map((u) => u.username)).size).toBe(200);
    for (const u of c.users) expect(u.username).toMatch(/^[a-z][a-z0-9_]{2,29}$/);
    expect(c.follows.every((f) => f.from !== f.to)).toBe(true);
    expect(new Set(c.follows.map((f) => `${f.from}>${f.to}`)).size).toBe(c.follows.length);
    expect(c.users.some((u) => u.premium) && c.users.some((u) => u.boosted)).toBe(true);
    for (const t of c.threads) expect(t.replies.every((r) => r.parent === null || t.replies.some((p) => p.id === r.parent && p.parent === null))).toBe(true);
  });

  it('spreads a newcomer’s match percentages over the range (taste clusters)', () => {
    const c = generateCommunity({ size: 200, seed: 'reelmates', titles });
    const mine = new Set(titles.slice(0, 3).map((t) => t.id));
    const byUser = new Map<number, number[]>();
    for (const f of c.favorites) byUser.set(f.user, [...(byUser.get(f.user) ?? []), f.title.id]);
    const pcts = [...byUser.values()].map((ids) => matchPercentage(ids.filter((id) => mine.has(id)).length, 3, ids.length, 0)).filter((p) => p > 0);
    expect(pcts.length).toBeGreaterThan(30);
    expect(new Set(pcts).size).toBeGreaterThanOrEqual(3);
  });

  it('draws ranks with P(rank) ~ 1/rank, the match bench’s law', () => {
    const rng = createRng('zipf');
    const counts = new Array<number>(21).fill(0);
    for (let i = 0; i < 50_000; i++) counts[zipfRank(rng, 20)]!++;
    expect(counts[0]).toBe(0);
    // Rank 1 is about twice as likely as rank 2 and about ten times rank 10.
    expect(counts[1]! / counts[2]!).toBeGreaterThan(1.5);
    expect(counts[1]! / counts[10]!).toBeGreaterThan(6);
    const bench = tasteOf({ users: 10, seed: 'b', titles: 20_000, favoritesPerUser: 50 }, 3);
    expect(bench.favorites.length).toBeLessThanOrEqual(50);
    expect(new Set(bench.favorites.map((f) => f.rank)).size).toBe(bench.favorites.length);
  });
});
