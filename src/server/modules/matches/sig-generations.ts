import type { Database } from '../../db/client';

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
export const HEAVY_WORDS = 16;
export const GENRE_WORDS = 2;
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
export interface Ids {
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
export function decodeBits(b64: string, heavy: Int32Array, h: number, genres: Int32Array, g: number): void {
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
