import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZE, NOTIFICATION_TEXT, type NotificationKind, type NotificationPage, type NotificationView } from '../../../shared/notifications';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { notifications, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { pushUnreadCounts, unreadCountsOf } from './unread';

const columns = {
  id: notifications.id,
  type: notifications.type,
  title: notifications.title,
  message: notifications.message,
  read: notifications.read,
  createdAt: notifications.createdAt,
  data: notifications.data,
  relatedId: user.id,
  relatedUsername: user.username,
  relatedDisplayUsername: user.displayUsername,
  relatedFullName: profiles.fullName,
  relatedAvatarUrl: profiles.avatarUrl,
};

/**
 * The row's time to the microsecond, as PostgreSQL keeps it, for the page cursor: a cursor cut to
 * JavaScript's milliseconds skipped the older rows of its millisecond (all of them when a statement
 * wrote several at one instant) on PostgreSQL.
 */
const cursorAt = sql<string>`to_char(${notifications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null } & { id: string; createdAt: Date; cursorAt: string };

const toView = (r: Row): NotificationView => ({
  id: r.id,
  type: r.type!,
  title: r.title!,
  message: r.message!,
  read: !!r.read,
  createdAt: r.createdAt.toISOString(),
  relatedUser: r.relatedId ? { id: r.relatedId, username: r.relatedDisplayUsername ?? r.relatedUsername ?? '', fullName: r.relatedFullName, avatarUrl: r.relatedAvatarUrl } : null,
  data: r.data ?? {},
});

/**
 * Ruling 9 at read time: a `new_favorite_from_following` notification names a title its author
 * favorited, so it is shown only while the author's favorites are visible to others. An author who
 * turns private (or hides favorites) takes back what their followers were told, including a notice
 * written while the switch was being flipped; turning public again brings it back. Needs the join
 * on the related user's profile. (Notices about a since-banned user stay: the unread counters of
 * decision 016 count them, and the list and the badge must agree.)
 */
export const notHidden = sql`not (${notifications.type} = 'new_favorite_from_following' and coalesce(${profiles.isPrivate} or not ${profiles.showFavorites}, false))`;

const select = (db: Database) =>
  db
    .select({ ...columns, cursorAt })
    .from(notifications)
    .leftJoin(user, eq(user.id, notifications.relatedUserId))
    .leftJoin(profiles, eq(profiles.id, notifications.relatedUserId));

/**
 * Cursor = "<created_at, UTC, to the microsecond>|<id>" of the last item of the previous page (a
 * cursor of milliseconds, as given before, is still read). Both parts are checked: they go into a
 * timestamp and a uuid comparison, where anything else would fail the query.
 */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(?:\d{3})?Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
function parseCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [, at, id] = CURSOR.exec(cursor) ?? [];
  if (!at || !id || Number.isNaN(new Date(at).getTime())) throw errors.badRequest('Invalid cursor.');
  return { at, id };
}

/** A page's rows: one more than asked for, which says whether there is a next page. */
function toPage(rows: Row[], limit: number): NotificationPage {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { items: kept.map(toView), nextCursor: rows.length > limit && last ? `${last.cursorAt}|${last.id}` : null };
}

/**
 * The first pages of many users' lists (what the bell and the notifications page ask for) in one
 * prepared statement: a lateral subquery per (user, limit), each read by the user's index, its rows
 * as one json array.
 */
function selectFirstPages(db: Database) {
  const rows = sql`(select coalesce(json_agg(x), '[]'::json) from (
      select ${notifications.id} as "id", ${notifications.type} as "type", ${notifications.title} as "title", ${notifications.message} as "message",
             ${notifications.read} as "read", ${notifications.createdAt} as "createdAt", ${cursorAt} as "cursorAt", ${notifications.data} as "data",
             ${user.id} as "relatedId", ${user.username} as "relatedUsername", ${user.displayUsername} as "relatedDisplayUsername",
             ${profiles.fullName} as "relatedFullName", ${profiles.avatarUrl} as "relatedAvatarUrl"
      from ${notifications} left join ${user} on ${user.id} = ${notifications.relatedUserId} left join ${profiles} on ${profiles.id} = ${notifications.relatedUserId}
      where ${notifications.userId} = k.user_id and ${notHidden}
      order by ${notifications.createdAt} desc, ${notifications.id} desc
      limit k.lim + 1) x)`;
  return db
    .select({ key: sql<string>`k.key`, rows: sql<(Omit<Row, 'createdAt'> & { createdAt: string })[]>`${rows}` })
    .from(sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('users')}::text[], ${sql.placeholder('limits')}::int[]) as k(key, user_id, lim)`)
    .prepare('notification_first_pages');
}

const firstPageStatementOf = preparedPerDatabase(selectFirstPages);

/** Key: the user and the page size, "<user id> <limit>" (a user id has no space). */
const loadFirstPage = batchedRead<string, Row[]>(
  async (db, keys) => {
    const statement = firstPageStatementOf(db);
    const split = keys.map((key) => key.split(' '));
    const found = await statement.execute({ keys, users: split.map(([userId]) => userId!), limits: split.map(([, limit]) => Number(limit)) });
    return new Map(found.map((f) => [f.key, f.rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }))]));
  },
  () => [],
);

/** The owner's notifications, newest first, a page at a time. */
export async function listNotifications(db: Database, me: string, before?: string, limit = NOTIFICATION_PAGE_SIZE, kind: NotificationKind = 'all'): Promise<NotificationPage> {
  // The first page of everything: batched with other requests' (decision 022).
  if (!before && kind === 'all') return toPage(await loadFirstPage(db, `${me} ${limit}`), limit);
  const cursor = parseCursor(before);
  // The dashboard's chips (ruling 22): one kind is a few types.
  const ofKind = kind === 'all' ? undefined : inArray(notifications.type, [...NOTIFICATION_KINDS[kind]]);
  const where = cursor
    ? and(eq(notifications.userId, me), notHidden, ofKind, sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`)
    : and(eq(notifications.userId, me), notHidden, ofKind);
  const rows = (await select(db)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1)) as Row[];
  return toPage(rows, limit);
}

/** Notifications by (owner, id) pairs, for any number of requests in one prepared statement (decision 022). */
function selectByIds(db: Database) {
  return db
    .select({ ...columns, cursorAt, userId: notifications.userId })
    .from(notifications)
    .leftJoin(user, eq(user.id, notifications.relatedUserId))
    .leftJoin(profiles, eq(profiles.id, notifications.relatedUserId))
    .where(and(sql`(${notifications.id}, ${notifications.userId}) in (select * from unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('users')}::text[]))`, notHidden))
    .prepare('notifications_by_id');
}

const byIdStatementOf = preparedPerDatabase(selectByIds);

/** Key: "<user id> <notification id>" (the route has checked the id is a uuid; a user id has no space). */
const loadNotification = batchedRead<string, Row | null>(
  async (db, keys) => {
    const statement = byIdStatementOf(db);
    const split = keys.map((key) => key.split(' '));
    const rows = (await statement.execute({ users: split.map(([userId]) => userId!), ids: split.map(([, id]) => id!) })) as (Row & { userId: string })[];
    return new Map(rows.map((row) => [`${row.userId} ${row.id}`, row]));
  },
  () => null,
);

/** One of the owner's notifications (the live toast fetches it by id); 404 for anyone else's. */
export async function getNotification(db: Database, me: string, id: string): Promise<NotificationView> {
  const row = await loadNotification(db, `${me} ${id.toLowerCase()}`);
  if (!row) throw errors.notFound(NOTIFICATION_TEXT.notFound);
  return toView(row);
}

/** The badge's count, from the kept counters (unread.ts): one prepared statement, no count. */
export async function unreadNotificationCount(db: Database, me: string): Promise<number> {
  return (await unreadCountsOf(db, me)).notifications;
}

/** The list changed: the tabs refetch it, and hear the new counts. */
const changed = (deps: AppDeps, me: string) => {
  deps.events.publish({ users: [me] }, { type: 'notifications-changed' });
  pushUnreadCounts(deps, [me]);
};

export async function markNotificationRead(deps: AppDeps, me: string, id: string) {
  const rows = await deps.database.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, me)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw errors.notFound(NOTIFICATION_TEXT.notFound);
  changed(deps, me);
}

export async function markAllNotificationsRead(deps: AppDeps, me: string): Promise<number> {
  const rows = await deps.database.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, me), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (rows.length > 0) changed(deps, me);
  return rows.length;
}

export async function deleteNotification(deps: AppDeps, me: string, id: string) {
  const rows = await deps.database.db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, me)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw errors.notFound(NOTIFICATION_TEXT.notFound);
  changed(deps, me);
}
