import { createRng, type Rng, zipfRank } from './prng';

/**
 * The one shape of generated users' favorites (decision 040), used by `npm run seed`, the match
 * bench and the match ranking test: `users` users, each with a number of favorites drawn from a
 * 1/rank popularity over `titles` titles (rank 1 the most popular), some of their draws from a
 * taste cluster of their own. The same shape and seed give the same favorites everywhere; each user
 * has a generator of their own, so any slice of users can be made without the others.
 */
export interface PopulationShape {
  users: number;
  seed: string | number;
  /** Titles ranked by popularity, 1..titles. */
  titles: number;
  /** Favorites a user keeps: a fixed number, or a range skewed towards its low end (many have few). */
  favoritesPerUser: number | { min: number; max: number };
  /** Draws made for each favorite kept; repeats are dropped, so a user may keep fewer (bench: 1.8, 90 draws for 50). */
  drawFactor?: number;
  /** Taste clusters: each a list of title ranks, in the cluster's own order of preference. */
  clusters?: readonly (readonly number[])[];
  /** Share of a clustered user's draws taken from their cluster (the rest from everyone's popularity). */
  clusterShare?: number;
}

export interface UserTaste {
  /** 0-based index of the user. */
  user: number;
  /** Index into shape.clusters, or null without clusters. */
  cluster: number | null;
  /** Distinct ranks with a rating of 1 to 5: high in the user's cluster, middling elsewhere. */
  favorites: { rank: number; rating: number }[];
}

function favoriteCount(rng: Rng, spec: PopulationShape['favoritesPerUser']): number {
  if (typeof spec === 'number') return spec;
  return spec.min + Math.floor(rng.next() ** 2 * (spec.max - spec.min + 1));
}

/** The taste of user `index` (0-based) in the shape. */
export function tasteOf(shape: PopulationShape, index: number): UserTaste {
  const rng = createRng(`${shape.seed}/taste/${index}`);
  const clusters = shape.clusters?.filter((c) => c.length > 0) ?? [];
  const cluster = clusters.length > 0 ? index % clusters.length : null;
  const pool = cluster === null ? [] : clusters[cluster]!;
  const keep = favoriteCount(rng, shape.favoritesPerUser);
  const draws = Math.max(keep, Math.round(keep * (shape.drawFactor ?? 1.8)));
  const share = shape.clusterShare ?? 0.7;
  const seen = new Set<number>();
  const favorites: UserTaste['favorites'] = [];
  for (let k = 0; k < draws && favorites.length < keep; k++) {
    const fromCluster = pool.length > 0 && rng.chance(share);
    const rank = fromCluster ? pool[zipfRank(rng, pool.length) - 1]! : zipfRank(rng, shape.titles);
    const rating = fromCluster ? rng.int(4, 5) : rng.int(2, 4);
    if (seen.has(rank)) continue;
    seen.add(rank);
    favorites.push({ rank, rating });
  }
  return { user: index, cluster, favorites };
}

/** Users from..to-1 (0-based), in order. */
export function* tastes(shape: PopulationShape, from = 0, to = shape.users): Generator<UserTaste> {
  for (let i = from; i < Math.min(to, shape.users); i++) yield tasteOf(shape, i);
}
