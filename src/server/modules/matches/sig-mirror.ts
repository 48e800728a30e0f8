import { GENRE_BONUS_MAX, matchPercentage } from '../../../shared/matches';
import type { Database } from '../../db/client';
import type { RankRow } from './statements';

/**
 * A server's copy of match_sigs (decision 091), so the match search's pass over every member runs
 * over typed arrays in this process instead of over 100,000 rows in PostgreSQL's executor.
 *
 * Exact, and the same on every instance: a copy is a *generation*, the rows as one snapshot saw them
 * (`snap`, PostgreSQL's pg_snapshot as text). Each search reads, in its own statement's snapshot,
 * what the copy cannot know — the rows written by transactions that snapshot did not see (every
 * write stamps `changed` with its transaction id), the deleted rows, the viewer's light titles' fans,
 * the boosted and the blocked — and ranks the generation with those rows laid over it. So a search
 * answers exactly what its own snapshot holds, as the SQL statement did.
 *
 * A generation is never changed once made. When a search found many rows to lay over, its rows and
 * its snapshot become the next generation (the arrays copied, a few milliseconds at 100,000
 * members), and searches still running on the older one finish on it unchanged.
 */

/** 16 × 32 bits of heavy titles (bit(512)) and 2 × 32 bits of genres (bit(64)) per member. */
const HEAVY_WORDS = 16;
const GENRE_WORDS = 2;
/** A search that laid more rows than this over its generation makes the next generation from them. */
const ADVANCE_AFTER = 32;

/** One member's row as a search or a load reads it. */
export interface SigRow {
  userId: string;
  n: number;
  visible: boolean;
  /** varbit_send(heavy) || varbit_send(genre_bits), base64: 4 + 64 + 4 + 8 bytes. */
  bits: string;
  /** Favorite genres match_genre_bits() has no bit for (older data): compared by name. */
  unknown: string[] | null;
}

/** The ids of every generation of one database; only ever appended to, so generations share it. */
interface Ids {
  list: string[];
  index: Map<string, number>;
}

export interface Generation {
  snap: string;
  ids: Ids;
  /** Members 0…count−1 of `ids` are in this generation's arrays. */
  count: number;
  n: Int32Array;
  visible: Uint8Array;
  /** The heavy bits by word: `heavy[w][i]` is word w of member i (a pass reads the viewer's words column by column). */
  heavy: Int32Array[];
  genres: Int32Array;
  unknown: Map<number, string[]>;
  /** Scratch, stamped per search (`tok`) so nothing is cleared between searches. */
  tok: number;
  marks: Uint32Array;
  boostTok: Uint32Array;
  /** Scratch: each member's shared heavy titles in the current pass. */
  shared: Int32Array;
}

/** bits (base64) into `heavy` at word `h` and `genres` at word `g`. */
function decodeBits(b64: string, heavy: Int32Array, h: number, genres: Int32Array, g: number): void {
  const buf = Buffer.from(b64, 'base64');
  for (let w = 0; w < HEAVY_WORDS; w++) heavy[h + w] = buf.readInt32BE(4 + 4 * w);
  for (let w = 0; w < GENRE_WORDS; w++) genres[g + w] = buf.readInt32BE(4 + 4 * HEAVY_WORDS + 4 + 4 * w);
}

function emptyGeneration(snap: string, ids: Ids, count: number): Generation {
  return {
    snap,
    ids,
    count,
    n: new Int32Array(count),
    visible: new Uint8Array(count),
    heavy: Array.from({ length: HEAVY_WORDS }, () => new Int32Array(count)),
    genres: new Int32Array(count * GENRE_WORDS),
    unknown: new Map(),
    tok: 0,
    marks: new Uint32Array(count),
    boostTok: new Uint32Array(count),
    shared: new Int32Array(count),
  };
}

function idOf(ids: Ids, userId: string): number {
  let i = ids.index.get(userId);
  if (i === undefined) {
    i = ids.list.length;
    ids.list.push(userId);
    ids.index.set(userId, i);
  }
  return i;
}

function put(gen: Generation, i: number, row: SigRow): void {
  gen.n[i] = row.n;
  gen.visible[i] = row.visible ? 1 : 0;
  const words = new Int32Array(HEAVY_WORDS);
  decodeBits(row.bits, words, 0, gen.genres, i * GENRE_WORDS);
  for (let w = 0; w < HEAVY_WORDS; w++) gen.heavy[w]![i] = words[w]!;
  if (row.unknown && row.unknown.length > 0) gen.unknown.set(i, row.unknown);
  else gen.unknown.delete(i);
}

/** A generation holding exactly `rows`, as the snapshot `snap` saw them. */
export function generationOf(snap: string, rows: readonly SigRow[], ids: Ids = { list: [], index: new Map() }): Generation {
  for (const row of rows) idOf(ids, row.userId);
  const gen = emptyGeneration(snap, ids, ids.list.length);
  for (const row of rows) put(gen, ids.index.get(row.userId)!, row);
  return gen;
}

/** The next generation: `base` with `changed` written over it and `gone` removed, as `snap` saw them. */
export function advance(base: Generation, snap: string, changed: readonly SigRow[], gone: readonly string[]): Generation {
  for (const row of changed) idOf(base.ids, row.userId);
  const count = base.ids.list.length;
  const gen = emptyGeneration(snap, base.ids, count);
  gen.n.set(base.n);
  gen.visible.set(base.visible);
  for (let w = 0; w < HEAVY_WORDS; w++) gen.heavy[w]!.set(base.heavy[w]!);
  gen.genres.set(base.genres);
  gen.unknown = new Map(base.unknown);
  for (const userId of gone) {
    const i = base.ids.index.get(userId);
    if (i !== undefined && i < count) {
      gen.visible[i] = 0;
      gen.n[i] = 0;
      for (let w = 0; w < HEAVY_WORDS; w++) gen.heavy[w]![i] = 0;
      gen.unknown.delete(i);
    }
  }
  for (const row of changed) put(gen, base.ids.index.get(row.userId)!, row);
  return gen;
}

const pop32 = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
};

/** What a search read in its own snapshot, besides the generation. */
export interface SearchInput {
  viewerId: string;
  limit: number;
  /** The viewer's favorites count, heavy bits and genre bits (as SigRow.bits), unknown genre names and genres. */
  na: number;
  viewerBits: string;
  viewerUnknown: string[];
  viewerGenres: string[];
  /** The premium filter as bits and unknown names; `wantedCount` 0 for no filter. */
  wantedBits: string;
  wantedUnknown: string[];
  wantedCount: number;
  /** A fan of one of the viewer's light titles per favorite (a member sharing three of them is here three times). */
  light: string[];
  boosted: string[];
  blocked: string[];
  /** Rows written since the generation's snapshot, and rows deleted since. */
  changed: SigRow[];
  gone: string[];
}

/** 2^32 and 2^40: boosted, then the percentage, then the shared count, in one number (shared < 2^32). */
const PCT_UNIT = 2 ** 32;
const BOOST_UNIT = 2 ** 40;

interface Candidate {
  score: number;
  userId: string;
  n: number;
  shared: number;
  sg: number;
  boosted: boolean;
}

/** Negative when a ranks before b: the ranking's order (compareMatches), ids by code unit (ASCII ids: byte order, COLLATE "C"). */
const before = (a: Candidate, b: Candidate) => (a.score !== b.score ? b.score - a.score : a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/**
 * The first `limit` of the viewer's ranking from `gen` with the search's rows laid over it: every
 * visible member sharing a title, scored exactly (heavy bits ∧ the viewer's, plus their light count;
 * the genre bonus), the viewer and the blocked left out, in the ranking's order.
 */
export function rankGeneration(gen: Generation, input: SearchInput): RankRow[] {
  const tok = (gen.tok = (gen.tok + 1) >>> 0);
  if (tok === 0) {
    gen.marks.fill(0);
    gen.boostTok.fill(0);
    return rankGeneration(gen, input);
  }
  const inBase = (userId: string) => {
    const i = gen.ids.index.get(userId);
    return i !== undefined && i < gen.count ? i : -1;
  };
  const vHeavy = new Int32Array(HEAVY_WORDS);
  const vGenres = new Int32Array(GENRE_WORDS);
  decodeBits(input.viewerBits, vHeavy, 0, vGenres, 0);
  const words = [...vHeavy.keys()].filter((w) => vHeavy[w] !== 0);
  const wHeavy = new Int32Array(HEAVY_WORDS);
  const wanted = new Int32Array(GENRE_WORDS);
  decodeBits(input.wantedBits, wHeavy, 0, wanted, 0);
  const filtering = input.wantedCount > 0;
  const wantedUnknown = new Set(input.wantedUnknown);
  const viewerUnknown = new Set(input.viewerUnknown);

  // Left out of the pass over the generation: the rows laid over it (scored from the search's rows),
  // the deleted, the viewer and the blocked.
  const skip = new Set<string>([input.viewerId, ...input.blocked]);
  for (const userId of [...input.gone, ...input.changed.map((r) => r.userId), ...skip]) {
    const i = inBase(userId);
    if (i >= 0) gen.marks[i] = tok;
  }
  // Each member's shared titles, the light ones first (one per fan row); members read anew, or not
  // in this generation, are counted apart for the rows the search read.
  const acc = gen.shared;
  acc.fill(0, 0, gen.count);
  const lightOf = new Map<string, number>();
  for (const userId of input.light) {
    const i = inBase(userId);
    if (i < 0 || gen.marks[i] === tok) lightOf.set(userId, (lightOf.get(userId) ?? 0) + 1);
    else acc[i] = acc[i]! + 1;
  }
  const boosted = new Set(input.boosted);
  for (const userId of input.boosted) {
    const i = inBase(userId);
    if (i >= 0) gen.boostTok[i] = tok;
  }

  const limit = input.limit;
  const all = limit > 256;
  const top: Candidate[] = [];
  const consider = (c: Candidate) => {
    if (all) {
      top.push(c);
      return;
    }
    if (top.length === limit && before(c, top[limit - 1]!) >= 0) return;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(top[mid]!, c) < 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, c);
    if (top.length > limit) top.pop();
  };
  const score = (shared: number, n: number, sg: number, isBoosted: boolean) => (isBoosted ? BOOST_UNIT : 0) + matchPercentage(shared, input.na, n, sg) * PCT_UNIT + shared;
  /** Shared genres: the known names by bits, the viewer's unknown names by name. */
  const sharedGenres = (g0: number, g1: number, unknown: readonly string[] | undefined) => {
    let sg = pop32(g0 & vGenres[0]!) + pop32(g1 & vGenres[1]!);
    if (unknown && viewerUnknown.size > 0) for (const name of new Set(unknown)) if (viewerUnknown.has(name)) sg++;
    return sg;
  };
  const passesFilter = (g0: number, g1: number, unknown: readonly string[] | undefined) =>
    !filtering || (g0 & wanted[0]!) !== 0 || (g1 & wanted[1]!) !== 0 || (unknown !== undefined && unknown.some((name) => wantedUnknown.has(name)));

  // The pass: the members of the generation. First their shared heavy titles, one of the viewer's
  // non-zero words at a time (a tight loop down one column), then each member once.
  const { n, visible, genres, marks, boostTok, unknown } = gen;
  const count = gen.count;
  for (const w of words) {
    const column = gen.heavy[w]!;
    const mask = vHeavy[w]!;
    for (let i = 0; i < count; i++) acc[i] = acc[i]! + pop32(column[i]! & mask);
  }
  const na = input.na;
  // The current last of a full page: no member whose best possible score (bonus 10) is below it can enter.
  let worst = -1;
  const best = (shared: number, m: number) => Math.min(100, Math.round((Math.min(shared, m) * 100) / m) + GENRE_BONUS_MAX) * PCT_UNIT + shared;
  // For members with at least the viewer's count (then m = na), the same bound as a shared count:
  // below `atLeast` shared titles they cannot enter. Recomputed when the last of the page changes.
  let atLeast = 0;
  const raise = () => {
    if (worst >= BOOST_UNIT) atLeast = Number.POSITIVE_INFINITY;
    else while (atLeast <= na && best(atLeast, na) < worst) atLeast++;
  };
  // A first bound before any member is scored: if `limit` members who will be on no other account
  // left out share at least s titles and have at least the viewer's count, the page's last scores at
  // least round(100·s / na) (bonus and boost only add). Counted from a histogram of shared counts.
  if (!all && !filtering && na > 0) {
    const histogram = new Int32Array(na + 1);
    for (let i = 0; i < count; i++) {
      const shared = acc[i]!;
      if (shared > 0 && visible[i] !== 0 && marks[i] !== tok && n[i]! >= na) {
        const at = Math.min(shared, na);
        histogram[at] = histogram[at]! + 1;
      }
    }
    for (let s = na, seen = 0; s >= 1; s--) {
      seen += histogram[s]!;
      if (seen >= limit) {
        worst = Math.round((s * 100) / na) * PCT_UNIT + s;
        raise();
        break;
      }
    }
  }
  for (let i = 0; i < count; i++) {
    if (visible[i] === 0 || marks[i] === tok) continue;
    const shared = acc[i]!;
    if (shared === 0) continue;
    const isBoosted = boostTok[i] === tok;
    if (worst >= 0 && !isBoosted) {
      const ni = n[i]!;
      if (ni >= na ? shared < atLeast : ni > 0 && best(shared, ni) < worst) continue;
    }
    const g = i * GENRE_WORDS;
    const u = unknown.size > 0 ? unknown.get(i) : undefined;
    if (!passesFilter(genres[g]!, genres[g + 1]!, u)) continue;
    const sg = sharedGenres(genres[g]!, genres[g + 1]!, u);
    consider({ score: score(shared, n[i]!, sg, isBoosted), userId: gen.ids.list[i]!, n: n[i]!, shared, sg, boosted: isBoosted });
    if (!all && top.length === limit && top[limit - 1]!.score > worst) {
      worst = top[limit - 1]!.score;
      raise();
    }
  }

  // The rows written since the generation's snapshot, as the search read them.
  for (const row of input.changed) {
    if (!row.visible || skip.has(row.userId)) continue;
    const rh = new Int32Array(HEAVY_WORDS);
    const rg = new Int32Array(GENRE_WORDS);
    decodeBits(row.bits, rh, 0, rg, 0);
    let shared = lightOf.get(row.userId) ?? 0;
    for (const w of words) shared += pop32(rh[w]! & vHeavy[w]!);
    if (shared === 0) continue;
    const u = row.unknown && row.unknown.length > 0 ? row.unknown : undefined;
    if (!passesFilter(rg[0]!, rg[1]!, u)) continue;
    const sg = sharedGenres(rg[0]!, rg[1]!, u);
    const isBoosted = boosted.has(row.userId);
    consider({ score: score(shared, row.n, sg, isBoosted), userId: row.userId, n: row.n, shared, sg, boosted: isBoosted });
  }

  if (all) top.sort(before);
  return top.slice(0, limit).map((c) => ({
    userId: c.userId,
    n: c.n,
    shared: c.shared,
    sharedGenres: c.sg,
    boosted: c.boosted,
    na: input.na,
    viewerGenres: input.viewerGenres,
  }));
}

/** The current generation of each database, and the load under way. */
const generations = new WeakMap<Database, Generation>();
const loading = new WeakMap<Database, Promise<Generation>>();

export interface MirrorSource {
  /** Every row, and the snapshot that saw them (one read-only repeatable-read transaction). */
  loadAll(db: Database): Promise<{ snap: string; rows: SigRow[] }>;
}

/** The database's current generation, loading it once if there is none. */
export async function currentGeneration(db: Database, source: MirrorSource): Promise<Generation> {
  const gen = generations.get(db);
  if (gen) return gen;
  let load = loading.get(db);
  if (!load) {
    load = source.loadAll(db).then(({ snap, rows }) => {
      const fresh = generationOf(snap, rows);
      generations.set(db, fresh);
      return fresh;
    });
    loading.set(db, load);
    void load.finally(() => loading.delete(db)).catch(() => undefined);
  }
  return load;
}

/** After a search on `gen` laid `changed` over it: make them the next generation if there were many and `gen` is still current. */
export function maybeAdvance(db: Database, gen: Generation, snap: string, changed: readonly SigRow[], gone: readonly string[]): void {
  if (changed.length + gone.length <= ADVANCE_AFTER || generations.get(db) !== gen) return;
  generations.set(db, advance(gen, snap, changed, gone));
}

/** The database's generation as it is (tests). */
export const generationFor = (db: Database): Generation | undefined => generations.get(db);
/** Forgets the database's copy (tests, and a search told its copy missed a deletion). */
export const dropGeneration = (db: Database, gen?: Generation): void => {
  if (!gen || generations.get(db) === gen) generations.delete(db);
};
