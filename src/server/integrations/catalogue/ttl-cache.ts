/**
 * A bounded LRU cache with a time to live per entry. Expired entries are kept (until the LRU pushes
 * them out) so a failing upstream can be answered with stale data; concurrent loads of one key share
 * a single upstream call.
 */
export interface CacheHit<V> {
  value: V;
  fresh: boolean;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<V>>();

  constructor(
    private readonly maxEntries = 2000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get size() {
    return this.entries.size;
  }

  get(key: string): CacheHit<V> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-insert so Map order doubles as recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { value: entry.value, fresh: entry.expiresAt > this.now() };
  }

  set(key: string, value: V, ttlMs: number) {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  /**
   * The fresh cached value, or the result of load() (shared by concurrent callers). When load fails,
   * an expired value stands in (onStale is told why); without one the error is thrown. ttlMs may depend
   * on the value, so "not found" can be remembered for less time than a hit.
   */
  async getOrLoad(key: string, ttlMs: number | ((value: V) => number), load: () => Promise<V>, onStale?: (error: unknown) => void): Promise<V> {
    const hit = this.get(key);
    if (hit?.fresh) return hit.value;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = (async () => {
      try {
        const value = await load();
        this.set(key, value, typeof ttlMs === 'function' ? ttlMs(value) : ttlMs);
        return value;
      } catch (error) {
        const stale = this.entries.get(key);
        if (!stale) throw error;
        onStale?.(error);
        return stale.value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, promise);
    return promise;
  }
}
