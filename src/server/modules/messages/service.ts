import { and, eq, sql } from 'drizzle-orm';
import { type ConversationUser, type ConversationView, MESSAGE_RATE_LIMIT, type MessageView, MESSAGE_TEXT } from '../../../shared/messages';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import { keptPlan } from '../../db/kept-plans';
import { messages, notifications, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { hitDbLimit } from '../../http/db-rate-limit';
import { loadAccess } from '../accounts/access';
import { announce, notify, type NotifyResult } from '../notifications/notify';
import { pushUnreadCounts, unreadCountsOf } from '../notifications/unread';
import { blockedEitherWay, blocksBetween } from '../safety/service';
import { SAFETY_TEXT } from '../../../shared/safety';

/** The conversation's key: the two ids, sorted. It outlives both accounts. */
export function pairOf(a: string, b: string) {
  return a < b ? { userA: a, userB: b } : { userA: b, userB: a };
}

const inPair = (me: string, other: string) => {
  const { userA, userB } = pairOf(me, other);
  return and(eq(messages.userA, userA), eq(messages.userB, userB));
};

/** The newest messages of a conversation that one request returns (ascending). */
export const CONVERSATION_MESSAGE_LIMIT = 500;

interface OtherRow {
  id: string;
  username: string | null;
  displayUsername: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  isBanned: boolean;
  emailVerified: boolean;
}

/**
 * The sender, the receiver and whether a block stands between them, in one statement (was three
 * round trips, two of them at once on two pooled connections).
 */
async function loadPair(db: Database, me: string, otherId: string) {
  const person = (id: string) => sql`(select json_build_object('id', u.id, 'username', u.username, 'displayUsername', u.display_username,
      'fullName', p.full_name, 'avatarUrl', p.avatar_url, 'isBanned', p.is_banned, 'emailVerified', u.email_verified)
    from ${user} u join ${profiles} p on p.id = u.id where u.id = ${id})`;
  const [row] = await queryRows<{ sender: OtherRow | null; receiver: OtherRow | null; blocked: boolean }>(
    db,
    keptPlan(sql`SELECT ${person(me)} AS sender, ${person(otherId)} AS receiver, ${blockedEitherWay(me, otherId)} AS blocked`),
  );
  return row!;
}

export const deletedUser = (id: string): ConversationUser => ({ id, username: null, fullName: null, avatarUrl: null, deleted: true });
const userView = (row: OtherRow): ConversationUser => ({
  id: row.id,
  username: row.displayUsername ?? row.username,
  fullName: row.fullName,
  avatarUrl: row.avatarUrl,
  deleted: false,
});

/**
 * The user, the blocks both ways and the newest messages of any number of (me, other) pairs in one
 * prepared statement (issue 27; was three), so concurrent requests share it (decision 022).
 */
function selectConversations(db: Database) {
  return db
    .select({
      ord: sql<number>`k.ord::int`,
      other: sql<OtherRow | null>`(select json_build_object('id', u.id, 'username', u.username, 'displayUsername', u.display_username, 'fullName', p.full_name,
          'avatarUrl', p.avatar_url, 'isBanned', p.is_banned, 'emailVerified', u.email_verified)
        from "user" u join profiles p on p.id = u.id where u.id = k.other)`,
      aBlockedB: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = k.me and b.blocked_id = k.other)`,
      bBlockedA: sql<boolean>`exists (select 1 from user_blocks b where b.blocker_id = k.other and b.blocked_id = k.me)`,
      rows: sql<{ id: string; content: string; senderId: string; read: boolean; createdAt: string }[]>`(select coalesce(json_agg(json_build_object('id', m.id,
          'content', m.content, 'senderId', m.sender_id, 'read', m.read, 'createdAt', m.created_at) order by m.created_at, m.id), '[]'::json)
        from (select * from messages m where m.user_a = k.a and m.user_b = k.b
              order by m.created_at desc, m.id desc limit ${sql.raw(String(CONVERSATION_MESSAGE_LIMIT))}) m)`,
    })
    .from(
      sql`unnest(${sql.placeholder('mes')}::text[], ${sql.placeholder('others')}::text[], ${sql.placeholder('as')}::text[], ${sql.placeholder('bs')}::text[]) with ordinality as k(me, other, a, b, ord)`,
    )
    .prepare('conversations');
}

type ConversationRow = Awaited<ReturnType<ReturnType<typeof selectConversations>['execute']>>[number];
const conversationStatementOf = preparedPerDatabase(selectConversations);

/** The key: me and the other, as JSON. */
const loadConversation = batchedRead<string, ConversationRow | null>(
  async (db, keys) => {
    const statement = conversationStatementOf(db);
    const pairs = keys.map((key) => JSON.parse(key) as [string, string]);
    // The pair's key is sorted as pairOf sorts it (JavaScript's order, not the database's collation).
    const sorted = pairs.map(([me, other]) => pairOf(me, other));
    const rows = await statement.execute({ mes: pairs.map(([me]) => me), others: pairs.map(([, other]) => other), as: sorted.map((p) => p.userA), bs: sorted.map((p) => p.userB) });
    return new Map(rows.map((row) => [keys[row.ord - 1]!, row]));
  },
  () => null,
);

/**
 * The conversation of `me` with `otherId`, oldest first. Works for someone never messaged (no
 * messages yet) and for a deleted account that left messages ('Deleted user'); 404 otherwise.
 * Between a blocked pair it stays readable to the blocker only (ruling 28): the blocked user finds
 * no such user, as on the blocker's profile, and nobody can send in it.
 */
export async function getConversation(db: Database, me: string, otherId: string): Promise<ConversationView> {
  const found = await loadConversation(db, JSON.stringify([me, otherId]));
  if (!found) throw new Error('conversation statement answered no row');
  const { other, aBlockedB, bBlockedA, rows } = found;
  if (bBlockedA) throw errors.notFound(MESSAGE_TEXT.userNotFound);
  const usable = other && other.emailVerified && other.id !== me;
  if (!usable && rows.length === 0) throw errors.notFound(MESSAGE_TEXT.userNotFound);
  return {
    user: other ? userView(other) : deletedUser(otherId),
    canMessage: !!usable && !other.isBanned && !aBlockedB,
    blockedByMe: aBlockedB,
    messages: rows.map((m) => ({ id: m.id, content: m.content, fromMe: m.senderId === me, read: m.read, createdAt: new Date(m.createdAt).toISOString() })),
  };
}

/** The badge's count, from the kept counter (notifications/unread.ts): one prepared statement, no count. */
export async function unreadMessageCount(db: Database, me: string): Promise<number> {
  return (await unreadCountsOf(db, me)).messages;
}

/**
 * Sends a message. Refused to a banned sender, to a deleted, unverified or banned receiver, to
 * oneself, and past MESSAGE_RATE_LIMIT per sender (counted in the database). The receiver gets a
 * `message` notification per notify_on_message; the e-mail goes only when the conversation had no
 * unread message of this sender yet (ruling 8: at most one mail while it has unread messages).
 */
export async function sendMessage(
  deps: AppDeps,
  me: { id: string; email: string; username: string },
  otherId: string,
  content: string,
  clientId?: string,
): Promise<{ message: MessageView; created: boolean }> {
  const db = deps.database.db;
  if (otherId === me.id) throw errors.badRequest(MESSAGE_TEXT.self);
  // A retry of a message already stored (its answer was lost) answers that message, and nothing more.
  const stored = clientId ? await storedSend(db, me.id, otherId, clientId) : null;
  if (stored) return { message: stored, created: false };
  const { sender, receiver, blocked } = await loadPair(db, me.id, otherId);
  if (!sender || sender.isBanned) throw errors.forbidden(MESSAGE_TEXT.banned);
  if (!receiver || !receiver.emailVerified) throw errors.notFound(MESSAGE_TEXT.userNotFound);
  if (receiver.isBanned) throw errors.forbidden(MESSAGE_TEXT.cannotMessage);
  if (blocked) throw errors.forbidden(SAFETY_TEXT.cannotInteract);
  if (deps.config.messaging.premiumGate && !(await loadAccess(db, me, deps.config.auth.ownerEmail)).isPremium) {
    throw errors.forbidden(MESSAGE_TEXT.premiumRequired);
  }
  const wait = await hitDbLimit(db, `messages:send:${me.id}`, MESSAGE_RATE_LIMIT.max, MESSAGE_RATE_LIMIT.windowMs);
  if (wait > 0) throw errors.tooMany(MESSAGE_TEXT.tooFast);

  const pair = pairOf(me.id, otherId);
  const senderName = sender.fullName?.trim() || sender.displayUsername || sender.username || 'Someone';
  const { row, result, again } = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // One sender at a time per conversation, so two messages sent together cannot both mail.
    await queryRows(t, sql`SELECT pg_advisory_xact_lock(hashtext(${`messages:${pair.userA}:${pair.userB}`}))`);
    // The same retry may have been stored by a request that held the lock before us.
    const again = clientId ? await storedSend(t, me.id, otherId, clientId) : null;
    if (again) return { row: null, result: null, again };
    // The unread messages of this sender before this one, and the message, in one statement.
    const [inserted] = await queryRows<{ id: string; content: string; created_at: string | Date; pending: number }>(
      t,
      keptPlan(sql`WITH pending AS (SELECT count(*)::int AS n FROM ${messages} WHERE ${and(inPair(me.id, otherId), eq(messages.receiverId, otherId), eq(messages.read, false))}),
        ins AS (INSERT INTO ${messages} (user_a, user_b, sender_id, receiver_id, content, client_id)
          VALUES (${pair.userA}, ${pair.userB}, ${me.id}, ${otherId}, ${content}, ${clientId ?? null}) RETURNING id, content, created_at)
        SELECT ins.id, ins.content, ins.created_at, pending.n AS pending FROM ins, pending`),
    );
    const preview = content.length > 100 ? `${content.slice(0, 100)}…` : content;
    const notified: NotifyResult = await notify(
      deps,
      {
        userId: otherId,
        type: 'message',
        title: 'New message',
        message: `${senderName} sent you a message: "${preview}"`,
        relatedUserId: me.id,
        data: { conversationWith: me.id },
        event: 'message',
        link: `/messages?conversation_with=${me.id}`,
        suppressMail: (inserted?.pending ?? 0) > 0,
      },
      t,
    );
    return { row: { id: inserted!.id, content: inserted!.content, createdAt: new Date(inserted!.created_at) }, result: notified, again: null };
  });
  if (!row || !result) return { message: again!, created: false };
  deps.events.publish({ users: [otherId, me.id] }, { type: 'message', id: row.id, from: me.id, to: otherId });
  // The receiver's counts: announce pushes them with the notification; without one (preference none), here.
  if (result.id) announce(deps, otherId, result);
  else pushUnreadCounts(deps, [otherId]);
  return { message: { id: row.id, content: row.content, fromMe: true, read: false, createdAt: row.createdAt.toISOString() }, created: true };
}

/** The message `me` already stored to `otherId` under `clientId`, if any. */
async function storedSend(db: Database, me: string, otherId: string, clientId: string): Promise<MessageView | null> {
  const [row] = await db
    .select({ id: messages.id, content: messages.content, read: messages.read, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.senderId, me), eq(messages.clientId, clientId), inPair(me, otherId)));
  return row ? { id: row.id, content: row.content, fromMe: true, read: row.read, createdAt: row.createdAt.toISOString() } : null;
}

/**
 * Marks every unread message from `otherId` to `me` read, and my "New message" notifications from
 * them with it (they are read now: a badge left on the bell would point at nothing new); tells the
 * sender's tabs and mine.
 */
export async function markConversationRead(deps: AppDeps, me: string, otherId: string): Promise<number> {
  if ((await blocksBetween(deps.database.db, me, otherId)).bBlockedA) throw errors.notFound(MESSAGE_TEXT.userNotFound);
  const { updated, notificationsRead } = await deps.database.db.transaction(async (tx) => {
    const readMessages = await tx
      .update(messages)
      .set({ read: true })
      .where(and(inPair(me, otherId), eq(messages.receiverId, me), eq(messages.read, false)))
      .returning({ id: messages.id });
    const readNotifications = await tx
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, me), eq(notifications.type, 'message'), eq(notifications.relatedUserId, otherId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return { updated: readMessages.length, notificationsRead: readNotifications.length };
  });
  if (updated > 0) deps.events.publish({ users: [otherId, me] }, { type: 'messages-read', by: me, with: otherId });
  if (notificationsRead > 0) deps.events.publish({ users: [me] }, { type: 'notifications-changed' });
  if (updated > 0 || notificationsRead > 0) pushUnreadCounts(deps, [me]);
  return updated;
}

/** Deletes the conversation for both participants, permanently (not the blocked user of a block: 404). */
export async function deleteConversation(deps: AppDeps, me: string, otherId: string): Promise<number> {
  // The blocked user no longer reaches the conversation, so cannot delete the blocker's copy either.
  if ((await blocksBetween(deps.database.db, me, otherId)).bBlockedA) throw errors.notFound(MESSAGE_TEXT.userNotFound);
  const deleted = await deps.database.db.delete(messages).where(inPair(me, otherId)).returning({ id: messages.id });
  if (deleted.length > 0) {
    deps.events.publish({ users: [otherId, me] }, { type: 'conversation-deleted', by: me, with: otherId });
    pushUnreadCounts(deps, [otherId, me]);
  }
  return deleted.length;
}
