import pg from 'pg';

/**
 * Access signals (decision 013): the triggers of migration 0014 NOTIFY this channel with a user's id
 * at the commit of any change to what that user's sessions grant (a session ended or extended; the
 * user changed or deleted; ban, founding membership, name or avatar; a role; a plan).
 */
export const ACCESS_CHANNEL = 'reelmates_access';

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
  startListener(url: string, onProblem: (err: unknown, message: string) => void) {
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
      const next = new pg.Client({ connectionString: url, keepAlive: true });
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
      });
      next.on('error', lost);
      next.on('end', () => lost());
      try {
        await next.connect();
        await next.query(`LISTEN ${ACCESS_CHANNEL}`);
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
