import type { Health } from '../../../shared/health';
import type { DatabaseHandle } from '../../db/client';

const PING_TTL_MS = 1000;

/** The answer of GET /api/health, here and at the front door (src/shared/health.ts). */
export type HealthState = Health;

/**
 * Database reachability for health checks: one round trip per second at most, however often it
 * is polled, so a load balancer hammering /api/health never loads the database. Callers within
 * the same second share the answer (and an in-flight ping).
 */
export class HealthProbe {
  private last: { at: number; state: Promise<HealthState> } | undefined;

  constructor(private readonly database: Pick<DatabaseHandle, 'ping'>) {}

  check(): Promise<HealthState> {
    const now = Date.now();
    if (!this.last || now - this.last.at > PING_TTL_MS) {
      const state = this.database.ping().then(
        () => ({ status: 'ok', database: 'up' }) as const,
        () => ({ status: 'degraded', database: 'down' }) as const,
      );
      this.last = { at: now, state };
    }
    return this.last.state;
  }
}
