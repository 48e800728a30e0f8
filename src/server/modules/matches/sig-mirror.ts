import { GENRE_BONUS_MAX, matchPercentage } from '../../../shared/matches';
import { decodeBits, GENRE_WORDS, type Generation, HEAVY_WORDS, type SigRow } from './sig-generations';
import type { RankRow } from './statements';

/**
 * The match search's pass over a generation of the server's copy of match_sigs (decision 091,
 * sig-generations.ts), with the rows the search read in its own snapshot laid over it: so a search
 * answers exactly what that snapshot holds, as the SQL statement did.
 */
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
