import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * Statements whose plan each PostgreSQL connection keeps (decision 088). A statement sent without a
 * name is parsed and planned on every execution; for the writes' one-statement CTEs (a follow with
 * its counters, the follower fan-out's claims and notices, the new-match check) planning cost half
 * as much as running them again. A statement that starts with this marker is sent as a named
 * prepared statement, named by its text, so each connection plans it once (generically:
 * plan_cache_mode, decision 010) and then only binds and runs it. The marker is a comment: PGlite and
 * any other client run the statement as it is.
 *
 * Only statements whose text is one of a few shapes may be marked (no IN list of varying length, no
 * value written into the text): each distinct text costs every connection a plan it keeps. A
 * connection names at most MAX_KEPT texts; past that it sends them unnamed, so a mistake costs speed,
 * never memory without bound.
 */
export const KEEP_PLAN_MARKER = '/* kept plan */ ';
const MAX_KEPT = 200;

/** The same statement, marked so that each connection keeps its plan. */
export const keptPlan = (query: SQL): SQL => sql`${sql.raw(KEEP_PLAN_MARKER)}${query}`;

/** A statement's name: its text's digest (two texts never share a name, which node-postgres refuses). */
export const keptPlanName = (text: string) => `kept_${createHash('sha1').update(text).digest('base64url')}`;

type QueryConfig = { text?: string; name?: string };

/** node-postgres's client, naming the marked statements it is given (the pool makes these: `Client` option). */
export class KeptPlanClient extends pg.Client {
  private readonly kept = new Set<string>();

  override query(...args: unknown[]): never {
    const config = args[0] as string | QueryConfig | null | undefined;
    const text = typeof config === 'string' ? config : config && typeof config === 'object' && !config.name ? config.text : undefined;
    if (text?.startsWith(KEEP_PLAN_MARKER)) {
      const name = keptPlanName(text);
      if (this.kept.has(name) || this.kept.size < MAX_KEPT) {
        this.kept.add(name);
        args[0] = typeof config === 'string' ? { text, name } : { ...(config as object), name };
      }
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
