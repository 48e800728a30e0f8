import { sql } from 'drizzle-orm';
import { SAFETY_LIST_LIMIT, type SafetyListEntry } from '../../../shared/safety';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';

/**
 * My blocked and muted users (Settings), newest first: one prepared statement for the lists of every
 * request of an event-loop turn (decision 022), nothing cached. `table`, `mine` and `theirs` are
 * constants of this file, never input.
 */
function selectLists(db: Database, table: 'user_blocks' | 'user_mutes', mine: string, theirs: string) {
  return db
    .select({
      userId: sql<string>`k.user_id`,
      rows: sql<(Omit<SafetyListEntry, 'since'> & { since: string })[]>`(select coalesce(json_agg(json_build_object('id', x.id, 'username', x.username,
          'fullName', x.full_name, 'avatarUrl', x.avatar_url, 'since', x.since) order by x.since desc, x.id), '[]'::json)
        from (select u.id, coalesce(u.display_username, u.username, '') as username, p.full_name, p.avatar_url, l.created_at as since
              from ${sql.raw(table)} l join "user" u on u.id = l.${sql.raw(theirs)} left join profiles p on p.id = u.id
              where l.${sql.raw(mine)} = k.user_id order by l.created_at desc, u.id limit ${sql.raw(String(SAFETY_LIST_LIMIT))}) x)`,
    })
    .from(sql`unnest(${sql.placeholder('users')}::text[]) as k(user_id)`)
    .prepare(`${table}_lists`);
}

function listLoader(table: 'user_blocks' | 'user_mutes', mine: string, theirs: string) {
  const statementOf = preparedPerDatabase((db) => selectLists(db, table, mine, theirs));
  return batchedRead<string, SafetyListEntry[]>(
    async (db, users) => {
      const found = await statementOf(db).execute({ users });
      // JSON gives the database's timestamp format: answered as ISO strings like every other date.
      return new Map(found.map((f) => [f.userId, f.rows.map((r) => ({ ...r, since: new Date(r.since).toISOString() }))]));
    },
    () => [],
  );
}

const loadBlocked = listLoader('user_blocks', 'blocker_id', 'blocked_id');
const loadMuted = listLoader('user_mutes', 'muter_id', 'muted_id');

export function listBlocked(deps: AppDeps, me: string): Promise<SafetyListEntry[]> {
  return loadBlocked(deps.database.db, me);
}

export function listMuted(deps: AppDeps, me: string): Promise<SafetyListEntry[]> {
  return loadMuted(deps.database.db, me);
}
