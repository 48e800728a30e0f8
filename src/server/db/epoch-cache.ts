import type { Database } from './client';

/**
 * What a request read, in its own snapshot, about the state a kept answer depends on (ADR 087):
 * `epoch` is the sum of a write counter that triggers raise on every write to the tables the
 * answer reads (match_epoch), `nowMs` the database's clock, and `validUntilMs` the first moment the
 * answer changes by itself with no write (a boost ending), or null.
 */
export interface EpochStamp {
  epoch: string;
  nowMs: number;
  validUntilMs: number | null;
}

interface Entry<V> {
  epoch: string;
  validUntilMs: number | null;
  value: V;
}

/**
 * Answers kept per database and key while the epoch read by the asking request is the one they were
 * computed under, and the clock is before their end. Equal sums mean no counted write committed in
 * between (the counter only grows, and a later snapshot sees every commit an earlier one saw), so a
 * kept answer is what the statement would return now, or newer: it was computed in a snapshot taken
 * after the stamp's. Least recently used entries go first beyond `maxEntries`. Values are shared by
 * every caller that hits them: nobody may change them.
 */
export function epochCache<V>(maxEntries: number) {
  const perDatabase = new WeakMap<Database, Map<string, Entry<V>>>();
  const entriesOf = (db: Database) => {
    let entries = perDatabase.get(db);
    if (!entries) perDatabase.set(db, (entries = new Map()));
    return entries;
  };
  return {
    get(db: Database, key: string, stamp: EpochStamp): V | undefined {
      const entries = entriesOf(db);
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.epoch !== stamp.epoch || (entry.validUntilMs !== null && stamp.nowMs >= entry.validUntilMs)) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(db: Database, key: string, stamp: EpochStamp, value: V): void {
      const entries = entriesOf(db);
      entries.delete(key);
      entries.set(key, { epoch: stamp.epoch, validUntilMs: stamp.validUntilMs, value });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    /**
     * The answer kept under `stamp`, or `compute`'s, then kept under it. No stamp (the viewer has
     * no row to read it from): computed and not kept.
     */
    async through(db: Database, key: string, stamp: EpochStamp | null, compute: () => Promise<V>): Promise<V> {
      const kept = stamp && this.get(db, key, stamp);
      if (kept !== null && kept !== undefined) return kept;
      const value = await compute();
      if (stamp) this.set(db, key, stamp, value);
      return value;
    },
    /** How many answers are kept for this database (tests). */
    size: (db: Database) => entriesOf(db).size,
  };
}
