import { and, eq, gt, sql } from 'drizzle-orm';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { unreadCounters } from '../../db/schema';
import type { AppDeps } from '../../deps';

/**
 * The badges' unread counts, read from the counters the database's triggers keep (unread_counters,
 * decision 016) rather than counted per request: one prepared statement for any number of users.
 * Notifications sum the user's counter rows, leaving out the `new_favorite_from_following` notices of
 * authors whose favorites are hidden now (ruling 9, judged at read time as the list does). `version`
 * is the statement's snapshot position (its xmax, which only grows), so a tab that hears two pushes
 * out of order keeps the newer one.
 */
function selectCounts(db: Database) {
  const notificationsSum = sql<number>`coalesce((
      select sum(c.n) from unread_counters c left join profiles p on p.id = c.author_id
      where c.user_id = u.id and c.kind = 'notification' and not coalesce(p.is_private or not p.show_favorites, false)
    ), 0)::int`;
  const messagesSum = sql<number>`coalesce((select c.n from unread_counters c where c.user_id = u.id and c.kind = 'message' and c.author_id = ''), 0)::int`;
  return db
    .select({
      userId: sql<string>`u.id`,
      notifications: notificationsSum.mapWith(Number),
      messages: messagesSum.mapWith(Number),
      version: sql<number>`pg_snapshot_xmax(pg_current_snapshot())::text::bigint`.mapWith(Number),
    })
    .from(sql`unnest(${sql.placeholder('users')}::text[]) as u(id)`)
    .prepare('unread_counts');
}

const statementOf = preparedPerDatabase(selectCounts);

export interface UnreadCounts {
  userId: string;
  notifications: number;
  messages: number;
  version: number;
}

export async function unreadCounts(db: Database, users: string[]): Promise<UnreadCounts[]> {
  const statement = statementOf(db);
  return statement.execute({ users });
}

/** One user's counts (the badges' reads): the reads of all requests in one turn share one statement. */
export const unreadCountsOf = batchedRead<string, UnreadCounts>(
  async (db, users) => new Map((await unreadCounts(db, users)).map((row) => [row.userId, row])),
  (userId) => ({ userId, notifications: 0, messages: 0, version: 0 }),
);

/**
 * Pushes the users' unread counts to their tabs after a change to them has committed, so the badges
 * move without the tab asking (it asks once on (re)connecting). Fire and forget, like `publish`:
 * a failed read is logged, and the next change or reconnection brings the count.
 */
export function pushUnreadCounts(deps: AppDeps, users: string[]) {
  if (users.length === 0) return;
  unreadCounts(deps.database.db, [...new Set(users)])
    .then((rows) => {
      for (const r of rows) deps.events.publish({ users: [r.userId] }, { type: 'unread-counts', notifications: r.notifications, messages: r.messages, version: r.version });
    })
    .catch((err: unknown) => deps.logger.warn({ err }, 'unread counts not pushed'));
}

/**
 * An author showed or hid their favorites: the unread counts of the readers who have unread
 * `new_favorite_from_following` notices of theirs change (ruling 9), so those are pushed too.
 */
export function pushUnreadCountsOfReaders(deps: AppDeps, authorId: string) {
  deps.database.db
    .select({ userId: unreadCounters.userId })
    .from(unreadCounters)
    .where(and(eq(unreadCounters.kind, 'notification'), eq(unreadCounters.authorId, authorId), gt(unreadCounters.n, 0)))
    .then((rows) =>
      pushUnreadCounts(
        deps,
        rows.map((r) => r.userId),
      ),
    )
    .catch((err: unknown) => deps.logger.warn({ err }, 'unread counts not pushed'));
}
