import { replyText, threadText } from './forum-shape';
import { tasteOf, type PopulationShape } from './population';
import { createRng, type Rng, uuidFrom } from './prng';
import * as w from './words';

/**
 * The demo community as data (decision 040): pure and deterministic, from a size, a seed and the
 * catalogue's titles in popularity order. Favorites come from the shared population shape
 * (population.ts) with the taste clusters of words.ts, so matches spread over the whole range.
 */
export interface DemoTitle {
  type: 'movie' | 'tv';
  id: number;
  title: string;
  genres: string[];
  posterUrl: string | null;
  releaseDate: string | null;
  voteAverage: number | null;
}

export interface DemoUser {
  id: string;
  username: string;
  fullName: string;
  email: string;
  bio: string;
  genres: string[];
  links: { instagramUrl?: string; twitterUrl?: string; youtubeUrl?: string };
  premium: boolean;
  boosted: boolean;
  /** Days since the account was made. */
  age: number;
}

export interface DemoThread {
  id: string;
  forum: { kind: 'title'; title: DemoTitle } | { kind: 'genre'; genre: string };
  author: number;
  title: string;
  content: string;
  age: number;
  replies: { id: string; author: number; parent: string | null; content: string }[];
  likes: number[];
}

export interface DemoCommunity {
  users: DemoUser[];
  favorites: { user: number; title: DemoTitle; rating: number }[];
  watchlist: { user: number; title: DemoTitle }[];
  follows: { from: number; to: number }[];
  conversations: { a: number; b: number; messages: { id: string; from: number; text: string }[] }[];
  threads: DemoThread[];
  reports: { id: string; reporter: number; reported: number; reason: string }[];
  /** Forum posts reported for the admin queue: a thread of the plan. */
  postReports: { id: string; reporter: number; thread: string }[];
}

export const DEMO_EMAIL_DOMAIN = 'demo.reelmates.invalid';

/** The clusters of words.ts as popularity ranks (1-based) of the titles carrying their genres. */
export function clusterRanks(titles: readonly DemoTitle[]): number[][] {
  return w.CLUSTERS.map((c) => titles.flatMap((t, i) => (t.genres.some((g) => (c.genres as readonly string[]).includes(g)) ? [i + 1] : [])));
}

function makeUser(rng: Rng, index: number, seed: string, cluster: number, taken: Set<string>): DemoUser {
  const first = rng.pick(w.FIRST_NAMES);
  const last = rng.pick(w.LAST_NAMES);
  const base = `${first}_${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z_]/g, '');
  let username = base;
  for (let n = 2; taken.has(username); n++) username = `${base}${n}`;
  taken.add(username);
  const c = w.CLUSTERS[cluster]!;
  const bio = `${rng.pick(w.BIO_OPENERS).replace('{job}', rng.pick(w.JOBS))} ${rng.pick(w.BIO_TASTES).replace('{cluster}', c.name)}`;
  const genres = [...new Set([...c.genres.slice(0, rng.int(1, 3)), ...(rng.chance(0.4) ? [rng.pick(w.CLUSTERS).genres[0]] : [])])];
  const links: DemoUser['links'] = {};
  if (rng.chance(0.5)) links.instagramUrl = `https://instagram.com/${username}`;
  if (rng.chance(0.3)) links.twitterUrl = `https://x.com/${username}`;
  if (rng.chance(0.15)) links.youtubeUrl = `https://youtube.com/@${username}`;
  return {
    id: `demo-${seed}-${String(index + 1).padStart(4, '0')}`,
    username,
    fullName: `${first} ${last}`,
    email: `${username}@${DEMO_EMAIL_DOMAIN}`,
    bio,
    genres,
    links,
    premium: rng.chance(0.15),
    boosted: rng.chance(0.05),
    age: rng.int(1, 400),
  };
}

export function generateCommunity(options: { size: number; seed: string; titles: readonly DemoTitle[] }): DemoCommunity {
  const { size, seed, titles } = options;
  const rng = createRng(`demo/${seed}`);
  const shape: PopulationShape = { users: size, seed: `demo/${seed}`, titles: titles.length, favoritesPerUser: { min: 3, max: 30 }, clusters: clusterRanks(titles) };
  const taken = new Set<string>();
  const users: DemoUser[] = [];
  const favorites: DemoCommunity['favorites'] = [];
  const watchlist: DemoCommunity['watchlist'] = [];
  for (let i = 0; i < size; i++) {
    const taste = tasteOf(shape, i);
    users.push(makeUser(rng.fork(`user/${i}`), i, seed, taste.cluster ?? 0, taken));
    for (const f of taste.favorites) favorites.push({ user: i, title: titles[f.rank - 1]!, rating: f.rating });
    const mine = new Set(taste.favorites.map((f) => f.rank));
    const wr = rng.fork(`watch/${i}`);
    for (let k = wr.int(0, 6); k > 0; k--) {
      const rank = wr.int(1, titles.length);
      if (mine.has(rank)) continue;
      mine.add(rank);
      watchlist.push({ user: i, title: titles[rank - 1]! });
    }
  }
  const follows = pairs(rng.fork('follows'), size, Math.min(size * (size - 1), size * 6), (a) => users[a]!.boosted || users[a]!.premium);
  const cr = rng.fork('conversations');
  const conversations = pairs(cr, size, Math.ceil(size / 4)).map(({ from: a, to: b }) => {
    const topic = titles[cr.int(0, Math.min(40, titles.length - 1))]!.title;
    const messages = Array.from({ length: cr.int(2, 7) }, (_, k) => ({ id: uuidFrom(cr), from: k % 2 === 0 ? a : b, text: cr.pick(w.MESSAGES).replace('{title}', topic) }));
    return { a, b, messages };
  });
  const threads = makeThreads(rng.fork('threads'), size, titles);
  const rr = rng.fork('reports');
  const reports =
    size < 2
      ? []
      : Array.from({ length: Math.min(3, size) }, (_, k) => ({ id: uuidFrom(rr), reporter: rr.int(0, size - 1), reported: (k * 7 + 3) % size, reason: w.REPORT_REASONS[k]! }));
  const postReports = threads.slice(0, 1).map((t) => ({ id: uuidFrom(rr), reporter: (t.author + 1) % size, thread: t.id }));
  return { users, favorites, watchlist, follows, conversations, threads, reports: reports.filter((r) => r.reporter !== r.reported), postReports };
}

/** Distinct ordered pairs of users (no one with themselves); `popular` users are chosen as targets more often. */
function pairs(rng: Rng, n: number, count: number, popular?: (i: number) => boolean): { from: number; to: number }[] {
  const seen = new Set<string>();
  const out: { from: number; to: number }[] = [];
  for (let tries = 0; out.length < count && tries < count * 4; tries++) {
    const from = rng.int(0, n - 1);
    let to = rng.int(0, n - 1);
    if (popular && !popular(to) && rng.chance(0.5)) to = rng.int(0, n - 1);
    const key = `${Math.min(from, to)}:${Math.max(from, to)}:${popular ? `${from}>${to}` : ''}`;
    if (from === to || seen.has(key)) continue;
    seen.add(key);
    out.push({ from, to });
  }
  return out;
}

function makeThreads(rng: Rng, size: number, titles: readonly DemoTitle[]): DemoThread[] {
  if (size < 2) return [];
  const popular = titles.slice(0, 30);
  const genres = [...new Set(w.CLUSTERS.map((c) => c.genres[0]))];
  return Array.from({ length: Math.max(2, Math.ceil(size / 4)) }, (_, k) => {
    const onTitle = k % 3 !== 2;
    // The ten most popular titles get a thread each first, so a newcomer's first favorites have discussions.
    const nth = k - Math.floor(k / 3);
    const title = nth < 10 ? popular[nth % popular.length]! : rng.pick(popular);
    const genre = rng.pick(genres);
    const author = rng.int(0, size - 1);
    const id = uuidFrom(rng);
    const replies: DemoThread['replies'] = [];
    for (let r = rng.int(0, 8); r > 0; r--) {
      const parent = replies.length > 0 && rng.chance(0.3) ? rng.pick(replies.filter((x) => x.parent === null)).id : null;
      replies.push({ id: uuidFrom(rng), author: rng.int(0, size - 1), parent, content: replyText(rng) });
    }
    const likes = [...new Set(Array.from({ length: rng.int(0, 12) }, () => rng.int(0, size - 1)))];
    return {
      id,
      forum: onTitle ? { kind: 'title', title } : { kind: 'genre', genre },
      author,
      ...threadText(rng, onTitle ? { kind: 'title', title: title.title } : { kind: 'genre', genre }),
      age: rng.int(0, 60),
      replies,
      likes,
    };
  });
}
