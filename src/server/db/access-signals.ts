import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * Access signals (decision 013): the triggers of migration 0014 NOTIFY this channel with a user's id
 * at the commit of any change to what that user's sessions grant (a session ended or extended; the
 * user changed or deleted; ban, founding membership, name or avatar; a role; a plan).
 */
export const ACCESS_CHANNEL = 'reelmates_access';
/** A writer's barrier and the listeners' answers to it (see `barrier`). */
const BARRIER_CHANNEL = 'reelmates_access_barrier';
const ACK_CHANNEL = 'reelmates_access_ack';
/** How long a writer waits for every instance to confirm; an instance that does not answer is one whose listener is gone (its cache is off then). */
const BARRIER_TIMEOUT_MS = 2_000;
/** application_name of the dedicated listening connection (pg_stat_activity). */
export const LISTENER_NAME = 'reelmates-access-listener';

/** A user id whose sessions changed, or `all` (the listener was away: anything may have changed). */
export type AccessSignal = { userId: string } | { all: true };
export type AccessListener = (signal: AccessSignal) => void;

/**
 * What this process hears on the channel, for the session cache. `live` says whether a change
 * committed anywhere is certain to be heard: on PGlite always (one process, notifications are
 * delivered with the query that commits); on PostgreSQL only while the dedicated listening
 * connection is up. The cache serves nothing while it is not.
 *
 * On PostgreSQL every pool connection LISTENs as well, so the connection that commits a change
 * hears its own signal before its COMMIT returns: the instance that made a change has dropped what
 * it cached before it answers. Other instances hear it through their listener a moment after commit.
 */
export class AccessSignals {
  private readonly listeners = new Set<AccessListener>();
  private liveNow: boolean;
  private stopListener: () => Promise<void> = async () => {};
  private pool: pg.Pool | null = null;
  private readonly waiting = new Map<string, { needed: number; got: number; done: () => void }>();
  /** Signals this process's own connections committed (heard before their COMMIT returned). */
  ownSignals = 0;

  constructor(live: boolean) {
    this.liveNow = live;
  }

  get live() {
    return this.liveNow;
  }

  subscribe(listener: AccessListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A notification's payload: the user id. */
  heard(payload: string | undefined) {
    if (payload) this.emit({ userId: payload });
  }

  /** A signal committed by one of this process's own connections (PostgreSQL). */
  heardOwn(payload: string | undefined) {
    this.ownSignals++;
    this.heard(payload);
  }

  /**
   * Resolves once every instance's listener has heard every signal committed before this call
   * (PostgreSQL; nothing to wait for on PGlite). The writer NOTIFYs a barrier, counting the
   * listening instances in the same statement; each listener hears the barrier after the signals
   * committed before it (notifications arrive in commit order) and answers it. So a request that
   * signed someone out, banned or changed them is answered only when no instance still has them
   * cached. An instance that has not answered within 2 s has lost its listener, and with it its cache.
   */
  async barrier(): Promise<void> {
    const pool = this.pool;
    if (!pool) return;
    const nonce = randomUUID();
    let done = () => {};
    const heard = new Promise<void>((resolve) => (done = resolve));
    const waiter = { needed: Number.POSITIVE_INFINITY, got: 0, done };
    this.waiting.set(nonce, waiter);
    const timer = setTimeout(done, BARRIER_TIMEOUT_MS);
    try {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n, pg_notify($1, $2) FROM pg_stat_activity WHERE application_name = $3 AND datname = current_database()`,
        [BARRIER_CHANNEL, nonce, LISTENER_NAME],
      );
      waiter.needed = rows[0]?.n ?? 0;
      if (waiter.got >= waiter.needed) done();
      await heard;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(nonce);
    }
  }

  private acknowledged(nonce: string | undefined) {
    const waiter = nonce ? this.waiting.get(nonce) : undefined;
    if (waiter && ++waiter.got >= waiter.needed) waiter.done();
  }

  private emit(signal: AccessSignal) {
    for (const listener of this.listeners) {
      try {
        listener(signal);
      } catch {
        // One listener's failure must not keep the signal from the others.
      }
    }
  }

  /** PostgreSQL: the dedicated LISTEN connection, reconnected with backoff while it is down. */
  startListener(url: string, pool: pg.Pool, onProblem: (err: unknown, message: string) => void) {
    this.pool = pool;
    let stopped = false;
    let client: pg.Client | null = null;
    let timer: NodeJS.Timeout | null = null;
    let attempt = 0;
    const down = () => {
      if (this.liveNow) {
        this.liveNow = false;
        this.emit({ all: true });
      }
    };
    const connect = async () => {
      const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
      const lost = (err?: Error) => {
        if (client !== next) return;
        client = null;
        next.removeAllListeners('notification');
        next.end().catch(() => {});
        down();
        if (!stopped) {
          onProblem(err, 'session cache: access listener lost; reconnecting (sessions are read from the database meanwhile)');
          retry();
        }
      };
      next.on('notification', (msg) => {
        if (msg.channel === ACCESS_CHANNEL) this.heard(msg.payload);
        // Every signal committed before this barrier has been heard (and acted on) just above.
        else if (msg.channel === BARRIER_CHANNEL) next.query('SELECT pg_notify($1, $2)', [ACK_CHANNEL, msg.payload ?? '']).catch(() => {});
        else if (msg.channel === ACK_CHANNEL) this.acknowledged(msg.payload);
      });
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        await next.query(`LISTEN ${ACCESS_CHANNEL}; LISTEN ${BARRIER_CHANNEL}; LISTEN ${ACK_CHANNEL}`);
      } catch (err) {
        next.end().catch(() => {});
        if (!stopped) {
          onProblem(err, 'session cache: access listener could not connect; retrying');
          retry();
        }
        return;
      }
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      attempt = 0;
      // Whatever was committed while no one listened: start from an empty cache.
      this.emit({ all: true });
      this.liveNow = true;
    };
    const retry = () => {
      if (stopped || timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          void connect();
        },
        Math.min(30_000, 250 * 2 ** attempt++),
      );
      timer.unref();
    };
    this.stopListener = async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      down();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    };
    return connect();
  }

  async stop() {
    await this.stopListener();
    this.listeners.clear();
  }
}
