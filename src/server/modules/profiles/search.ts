import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileSearchResultSchema } from '../../../shared/accounts';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { blockedPeopleOf } from '../safety/service';

/** Spec 000 §5: user search shows 10 results (a page, here). */
const PROFILE_SEARCH_PAGE = 10;

type Result = z.output<typeof profileSearchResultSchema>;

/**
 * The searches of one event-loop turn in one prepared statement (decision 022, ADR 070): per
 * (pattern, offset, searcher) key the page and one more row (whether a next page follows, without
 * counting), as a JSON array in the page's order. A searcher of NULL (a visitor) has no blocks, so
 * `NOT IN` an empty list keeps everyone. Identical searches of the moment are read once; nothing is kept.
 */
function searchStatement(db: Database) {
  const take = sql.raw(String(PROFILE_SEARCH_PAGE + 1));
  return db
    .select({
      key: sql<string>`k.key`,
      rows: sql<Result[]>`(SELECT coalesce(json_agg(json_build_object('id', s.id, 'username', s.shown, 'fullName', s.full_name, 'avatarUrl', s.avatar_url)
          ORDER BY s.username, s.id), '[]'::json)
        FROM (SELECT u.id, u.username, coalesce(u.display_username, u.username) AS shown, p.full_name, p.avatar_url
              FROM "user" u JOIN profiles p ON p.id = u.id
              WHERE u.email_verified AND NOT p.is_banned
                AND (u.username ILIKE k.pattern OR p.full_name ILIKE k.pattern)
                AND u.id NOT IN ${blockedPeopleOf(sql`k.viewer`)}
              ORDER BY u.username, u.id
              LIMIT ${take} OFFSET k.skip) s)`,
    })
    .from(
      sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('patterns')}::text[], ${sql.placeholder('skips')}::integer[],
        ${sql.placeholder('viewers')}::text[]) AS k(key, pattern, skip, viewer)`,
    )
    .prepare('profile_search');
}

const statementOf = preparedPerDatabase(searchStatement);

type Key = [pattern: string, skip: number, viewer: string | null];

const search = batchedRead<string, Result[]>(
  async (db, keys) => {
    const statement = statementOf(db);
    const asked = keys.map((key) => JSON.parse(key) as Key);
    const found = await statement.execute({ keys, patterns: asked.map((k) => k[0]), skips: asked.map((k) => k[1]), viewers: asked.map((k) => k[2]) });
    return new Map(found.map((r) => [r.key, r.rows]));
  },
  () => [],
);

/**
 * Case-insensitive substring on username or full name, 10 a page; verified, unbanned users only.
 * A signed-in searcher finds nobody they blocked or who blocked them (ruling 28).
 */
export async function searchProfiles(deps: AppDeps, q: string, page = 1, viewerId: string | null = null): Promise<{ results: Result[]; hasMore: boolean }> {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await search(deps.database.db, JSON.stringify([pattern, (page - 1) * PROFILE_SEARCH_PAGE, viewerId] satisfies Key));
  return { results: rows.slice(0, PROFILE_SEARCH_PAGE), hasMore: rows.length > PROFILE_SEARCH_PAGE };
}
