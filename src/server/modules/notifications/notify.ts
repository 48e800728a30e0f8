import { asyncCommit } from '../../db/async-commit';
import { type SQL, sql } from 'drizzle-orm';
import type { NotificationType, NotifyEvent } from '../../../shared/notifications';
import { type Database, queryRows } from '../../db/client';
import { keptPlan } from '../../db/kept-plans';
import { mailOutbox, notificationDedup, notifications, profiles, undeliverableAddresses, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AUTO_GENERATED, renderMail } from '../../integrations/mail';
import { mailLinkBase, unsubscribeUrl } from '../mail-settings/service';
import { blockedEitherWay, mutedBy } from '../safety/service';
import type { DedupClaim } from './dedup';
import { pushUnreadCounts } from './unread';

export interface NotifyInput {
  /** Who receives it. */
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Who caused it; a user never gets a notification about their own action. */
  relatedUserId?: string | null;
  data?: Record<string, string | number | boolean | null>;
  /** The preference (profiles.notify_on_*) that governs it; null means always recorded, never mailed. */
  event: NotifyEvent | null;
  /** Path in the web app the notification leads to (used in the e-mail), such as /profile/{id}. */
  link?: string;
  /** Record (and toast) as the preference says, but send no e-mail: the message mail-storm rule (ruling 8). */
  suppressMail?: boolean;
  /**
   * Record it (when the preference records anything) already read, with no e-mail and no toast:
   * for a notice that comes back after the recipient was told today (a re-follow).
   */
  silent?: boolean;
  /**
   * Sent in the background, after the answer of the action that caused it (a follower fan-out, a new
   * match): its commit does not wait for the WAL to reach the disk (synchronous_commit off for this
   * statement only). Such work already lives only in this process until it runs, so a crash loses it
   * either way; waiting for the flush held a pool connection per recipient. Only outside a transaction.
   */
  background?: boolean;
}

export const PREF_COLUMN = {
  follow: profiles.notifyOnFollow,
  favorite: profiles.notifyOnFavorite,
  message: profiles.notifyOnMessage,
  match: profiles.notifyOnMatch,
  forum: profiles.notifyOnForum,
} as const;

/**
 * SQL: a notification mail may go to this address: the relay has not refused it for good (decision
 * 049), and it is not a demo member's (as MailOutbox.enqueue).
 */
export const mailableAddress = (email: SQL) => sql`NOT exists (select 1 from ${undeliverableAddresses} ua where ua.email = lower(${email}))
  AND NOT exists (select 1 from "user" du join profiles dp on dp.id = du.id where dp.is_demo and du.email in (${email}, lower(btrim(${email}))))`;

/** SQL: the recipient (the "user" row in scope) blocked or was blocked by `related`, or muted them (ruling 28). */
export const quietFrom = (related: string) => sql`(${blockedEitherWay(user.id, related)} or ${mutedBy(user.id, related)})`;

export interface NotifyResult {
  id: string | null;
  /** Whether a live toast is wanted (popup or both). */
  popup: boolean;
  mailed: boolean;
  /**
   * Whether a block stands either way between the recipient and the related user, read in this
   * statement's own snapshot: a caller inside a transaction that must refuse under a block (a new
   * follow, ruling 28) learns it here instead of in a statement of its own.
   */
  blocked: boolean;
}

/**
 * Records a notification as ruling 8 says: `none` creates nothing; `popup` records it and asks for a
 * live toast; `email` records it and sends an e-mail; `both` does all three. Pass `db` to make it part
 * of a transaction; call `announce` after the commit to tell the recipient's open tabs.
 *
 * One statement (decision 073; was two to four round trips inside the caller's transaction): the
 * recipient's row, preference, blocks and mutes, the notification, and its mail (to the address
 * read there; never to a demo member, as MailOutbox.enqueue) in one CTE. With `claim`, the
 * once-only claim (dedup.ts) is taken in the same statement and nothing is recorded unless it wins.
 */
export async function notify(deps: AppDeps, input: NotifyInput, db: Database = deps.database.db, claim?: DedupClaim): Promise<NotifyResult> {
  if (input.relatedUserId && input.relatedUserId === input.userId) return { id: null, popup: false, mailed: false, blocked: false };
  const related = input.relatedUserId ?? null;
  // Ruling 28: nothing passes between a blocked pair, and a muted user's activity (all but their
  // messages, which the muter still reads in the conversation) reaches the muter no more.
  // The block is read once: the caller is told of it (NotifyResult.blocked), and it makes the notice quiet.
  const blocked = related ? blockedEitherWay(user.id, related) : sql`false`;
  const muted = related && input.type !== 'message' ? mutedBy(user.id, related) : sql`false`;
  const pref = input.event ? sql`${PREF_COLUMN[input.event]}::text` : sql`'popup'::text`;
  const claimed = claim
    ? sql`claim AS (INSERT INTO ${notificationDedup} (kind, recipient_id, subject_id, key)
        VALUES (${claim.kind}, ${claim.recipientId}, ${claim.subjectId}, ${claim.key}) ON CONFLICT DO NOTHING RETURNING 1),`
    : sql``;
  const mail = !input.suppressMail && !input.silent && input.event ? notificationMail(deps, input, input.event) : null;
  // The relay refused this address for good (decision 049): no notification mail goes to it.
  const mailed = mail
    ? sql`, m AS (INSERT INTO ${mailOutbox} ("to", subject, html, text, headers)
          SELECT r.email, ${mail.subject}::text, ${mail.html}::text, ${mail.text}::text, ${JSON.stringify(mail.headers ?? {})}::jsonb FROM r, n
          WHERE r.pref IN ('email', 'both')
            AND ${mailableAddress(sql`r.email`)}
          RETURNING 1)
        SELECT (SELECT id FROM n) AS id, r.pref, exists (SELECT 1 FROM m) AS mailed, r.blocked FROM r`
    : sql` SELECT (SELECT id FROM n) AS id, r.pref, false AS mailed, r.blocked FROM r`;
  if (input.background && db !== deps.database.db) throw new Error('a background notification is a statement of its own, not part of a transaction');
  const commitAsync = input.background ? sql` CROSS JOIN ${asyncCommit} AS async_commit` : sql``;
  const [row] = await queryRows<{ id: string | null; pref: string; mailed: boolean; blocked: boolean }>(
    db,
    keptPlan(sql`WITH ${claimed} r AS (
          SELECT ${user.email} AS email, ${pref} AS pref, ${blocked} AS blocked, ${muted} AS muted FROM ${user} INNER JOIN ${profiles} ON ${profiles.id} = ${user.id}${commitAsync}
          WHERE ${user.id} = ${input.userId} ${claim ? sql`AND exists (SELECT 1 FROM claim)` : sql``}),
        n AS (INSERT INTO ${notifications} (user_id, type, title, message, related_user_id, data, read)
          SELECT ${input.userId}::text, ${input.type}::text, ${input.title}::text, ${input.message}::text, ${related}::text,
            ${JSON.stringify(input.data ?? {})}::jsonb, ${!!input.silent}::boolean
          FROM r WHERE NOT (r.blocked OR r.muted) AND r.pref <> 'none' RETURNING id)${mailed}`),
  );
  if (!row?.id) return { id: null, popup: false, mailed: false, blocked: !!row?.blocked };
  if (row.mailed) deps.mail.stored();
  return { id: row.id, popup: !input.silent && (row.pref === 'popup' || row.pref === 'both'), mailed: row.mailed, blocked: !!row.blocked };
}

/** The notification's mail, addressed when the statement reads the recipient's address. */
export function notificationMail(deps: AppDeps, input: NotifyInput, event: NotifyEvent) {
  const base = mailLinkBase(deps.config);
  return renderMail({
    to: '',
    subject: `${input.title} · Reelmates`,
    heading: input.title,
    paragraphs: [input.message],
    action: { label: 'Open Reelmates', url: new URL(input.link ?? '/notifications', base).toString() },
    footer: `You get this mail because of your notification settings. Change them at ${new URL('/settings#notifications', base).toString()}`,
    headers: AUTO_GENERATED,
    unsubscribeUrl: unsubscribeUrl(deps.config, input.userId, event),
  });
}

/** Tells the recipient's open tabs, after the commit, that a notification arrived, and the new counts. */
export function announce(deps: AppDeps, userId: string, result: NotifyResult) {
  if (!result.id) return;
  deps.events.publish({ users: [userId] }, { type: 'notification', id: result.id, popup: result.popup });
  pushUnreadCounts(deps, [userId]);
}
