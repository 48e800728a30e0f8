import { sql } from 'drizzle-orm';

/**
 * A one-row subquery that turns synchronous_commit off for the statement's own transaction only: its
 * commit does not wait for the WAL flush. For writes nobody was told had succeeded (rate counters,
 * background notifications); join it into an autocommit statement, never into a transaction's.
 */
export const asyncCommit = sql`(SELECT set_config('synchronous_commit', 'off', true))`;
