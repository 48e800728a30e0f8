import { eq, sql } from 'drizzle-orm';
import type { NotificationType, NotifyEvent } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { notifications, profiles, undeliverableAddresses, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AUTO_GENERATED, renderMail } from '../../integrations/mail';
import { mailLinkBase, unsubscribeUrl } from '../mail-settings/service';
import { blockedEitherWay, mutedBy } from '../safety/service';
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
}

const PREF_COLUMN = {
  follow: profiles.notifyOnFollow,
  favorite: profiles.notifyOnFavorite,
  message: profiles.notifyOnMessage,
  match: profiles.notifyOnMatch,
  forum: profiles.notifyOnForum,
} as const;

export interface NotifyResult {
  id: string | null;
  /** Whether a live toast is wanted (popup or both). */
  popup: boolean;
  mailed: boolean;
}

/**
 * Records a notification as ruling 8 says: `none` creates nothing; `popup` records it and asks for a
 * live toast; `email` records it and sends an e-mail; `both` does all three. Pass `db` to make it part
 * of a transaction; call `announce` after the commit to tell the recipient's open tabs.
 */
export async function notify(deps: AppDeps, input: NotifyInput, db: Database = deps.database.db): Promise<NotifyResult> {
  if (input.relatedUserId && input.relatedUserId === input.userId) return { id: null, popup: false, mailed: false };
  const related = input.relatedUserId ?? null;
  // Ruling 28: nothing passes between a blocked pair, and a muted user's activity (all but their
  // messages, which the muter still reads in the conversation) reaches the muter no more. Read in
  // the recipient's own row lookup: two primary-key probes, no extra round trip.
  const quiet = related
    ? input.type === 'message'
      ? sql<boolean>`${blockedEitherWay(user.id, related)}`
      : sql<boolean>`(${blockedEitherWay(user.id, related)} or ${mutedBy(user.id, related)})`
    : sql<boolean>`false`;
  const [recipient] = await db
    .select({
      email: user.email,
      pref: input.event ? PREF_COLUMN[input.event] : profiles.notifyOnFollow,
      quiet,
      // The relay refused this address for good (decision 049): no notification mail goes to it.
      undeliverable: sql<boolean>`exists (select 1 from ${undeliverableAddresses} where ${undeliverableAddresses.email} = lower(${user.email}))`.mapWith(Boolean),
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, input.userId));
  if (!recipient || recipient.quiet) return { id: null, popup: false, mailed: false };
  const pref = input.event ? recipient.pref : 'popup';
  if (pref === 'none') return { id: null, popup: false, mailed: false };
  const [row] = await db
    .insert(notifications)
    .values({
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      relatedUserId: input.relatedUserId ?? null,
      data: input.data ?? {},
      read: !!input.silent,
    })
    .returning({ id: notifications.id });
  const mailed = !input.suppressMail && !input.silent && !recipient.undeliverable && !!input.event && (pref === 'email' || pref === 'both');
  if (mailed && input.event) {
    const base = mailLinkBase(deps.config);
    await deps.mail.enqueue(
      renderMail({
        to: recipient.email,
        subject: `${input.title} · Reelmates`,
        heading: input.title,
        paragraphs: [input.message],
        action: { label: 'Open Reelmates', url: new URL(input.link ?? '/notifications', base).toString() },
        footer: `You get this mail because of your notification settings. Change them at ${new URL('/settings#notifications', base).toString()}`,
        headers: AUTO_GENERATED,
        unsubscribeUrl: unsubscribeUrl(deps.config, input.userId, input.event),
      }),
      db,
    );
  }
  return { id: row!.id, popup: !input.silent && (pref === 'popup' || pref === 'both'), mailed };
}

/** Tells the recipient's open tabs, after the commit, that a notification arrived, and the new counts. */
export function announce(deps: AppDeps, userId: string, result: NotifyResult) {
  if (!result.id) return;
  deps.events.publish({ users: [userId] }, { type: 'notification', id: result.id, popup: result.popup });
  pushUnreadCounts(deps, [userId]);
}
