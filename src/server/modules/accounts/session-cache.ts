import type { AccessSignals } from '../../db/access-signals';
import type { AuthedUser } from '../../http/context';

/**
 * Everything one session grants, read in one query (session.ts): who the user is, what
 * GET /api/session shows of them, and the inputs of their access flags (ruling 4), which are
 * computed when asked (a trial's days left depend on the hour).
 */
export interface SessionRecord {
  user: AuthedUser;
  expiresAt: Date;
  isBanned: boolean;
  createdAt: Date;
  fullName: string | null;
  avatarUrl: string | null;
  foundingMember: boolean;
  foundingNumber: number | null;
  isAdmin: boolean;
  subscription: { subscribed: boolean; subscriptionTier: 'free' | 'trial' | 'premium'; subscriptionEnd: Date | null; trialEnd: Date | null } | null;
}

interface Entry {
  record: SessionRecord;
  until: number;
}

/** Sessions kept at most; the oldest goes first. About 1 KB each (decision 013): 10 MB at most. */
export const SESSION_CACHE_MAX = 10_000;

/**
 * Session token → what the session grants, kept in this process for a short time (decision 013).
 *
 * Kept only while `signals.live` (every change committed anywhere is certain to be heard), and
 * dropped at once when an access signal names the user: the triggers of migration 0014 signal every
 * change to a session, the user, the ban, a role or a plan, whoever makes it. A lookup that started
 * before a signal arrived is not kept (`mark`/`put`), so a read racing with a ban cannot put the
 * old answer back. The lifetime (SESSION_CACHE_SECONDS, 30 s) only bounds what no signal could
 * tell: time passing is judged on every hit (the session's expiry, a trial's end).
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensByUser = new Map<string, Set<string>>();
  private generation = 0;
  private readonly unsubscribe: () => void;
  hits = 0;
  misses = 0;

  constructor(
    private readonly signals: AccessSignals,
    private readonly ttlMs: number,
    private readonly max = SESSION_CACHE_MAX,
  ) {
    this.unsubscribe = signals.subscribe((signal) => {
      if ('all' in signal) this.clear();
      else this.dropUser(signal.userId);
    });
  }

  get enabled() {
    return this.ttlMs > 0 && this.signals.live;
  }

  get size() {
    return this.entries.size;
  }

  get(token: string, now = Date.now()): SessionRecord | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(token);
    if (entry && entry.until > now) {
      this.hits++;
      return entry.record;
    }
    if (entry) this.remove(token, entry.record.user.id);
    this.misses++;
    return undefined;
  }

  /** Taken before reading a session from the database; `put` keeps the row only if no signal came meanwhile. */
  mark(): number {
    return this.generation;
  }

  put(token: string, record: SessionRecord, mark: number, now = Date.now()) {
    if (!this.enabled || mark !== this.generation) return;
    const old = this.entries.get(token);
    if (old) this.remove(token, old.record.user.id);
    if (this.entries.size >= this.max) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.remove(oldest, entry.record.user.id);
    }
    this.entries.set(token, { record, until: now + this.ttlMs });
    let tokens = this.tokensByUser.get(record.user.id);
    if (!tokens) this.tokensByUser.set(record.user.id, (tokens = new Set()));
    tokens.add(token);
  }

  dropUser(userId: string) {
    this.generation++;
    const tokens = this.tokensByUser.get(userId);
    if (!tokens) return;
    this.tokensByUser.delete(userId);
    for (const token of tokens) this.entries.delete(token);
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.tokensByUser.clear();
  }

  stop() {
    this.unsubscribe();
    this.clear();
  }

  private remove(token: string, userId: string) {
    this.entries.delete(token);
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }
}
