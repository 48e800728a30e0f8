import type { Database } from './client';

interface Slot<V> {
  /** The run that requests may still join: it has not read anything yet. */
  pending?: Promise<V>;
  /** The run reading now. */
  running?: Promise<V>;
}

/**
 * Identical requests answered by one run, one run per key at a time (ADR 070); `run` is the work
 * of the call that made the run, so the key must name everything it depends on. A call joins the
 * key's run that has not started yet; when none waits, it makes one, which starts at the end of the
 * event-loop turn (so every identical call of the turn joins it, as with `batchedRead`, decision
 * 022) or, when the key's previous run is still reading, at the end of the turn after that run.
 * Nothing is cached and no answer is older than its request: a run reads only after every call it
 * answers was made, and a call made once a run has started waits for the next one.
 *
 * Where a read takes several statements in turn (a ranking, then the cards it names), this keeps
 * one member's many concurrent requests from each taking their place in PGlite's one-at-a-time
 * queue: they share the next run instead, whose statements still batch with other keys' through
 * `batchedRead`.
 */
export function coalescedRun<V>(): (db: Database, key: string, run: () => Promise<V>) => Promise<V> {
  const slots = new WeakMap<Database, Map<string, Slot<V>>>();
  return (db, key, run) => {
    let byKey = slots.get(db);
    if (!byKey) slots.set(db, (byKey = new Map()));
    let slot = byKey.get(key);
    if (!slot) byKey.set(key, (slot = {}));
    if (slot.pending) return slot.pending;
    const own = slot;
    const keys = byKey;
    const pending: Promise<V> = new Promise<V>((resolve, reject) => {
      const start = () => {
        own.pending = undefined;
        const running = run();
        own.running = running;
        running.then(resolve, reject).finally(() => {
          if (own.running !== running) return;
          own.running = undefined;
          if (!own.pending) keys.delete(key);
        });
      };
      const afterTurn = () => void setImmediate(start);
      if (own.running) own.running.then(afterTurn, afterTurn);
      else afterTurn();
    });
    own.pending = pending;
    return pending;
  };
}
