import { sql } from 'drizzle-orm';
import type { NotifyEvent } from '../../../shared/notifications';
import { asyncCommit } from '../../db/async-commit';
import { queryRows } from '../../db/client';
import { keptPlan } from '../../db/kept-plans';
import { mailOutbox, notificationDedup, notifications, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { DedupClaim } from './dedup';
import { mailableAddress, type NotifyInput, notificationMail, PREF_COLUMN, quietFrom } from './notify';
import { pushUnreadCounts } from './unread';

export interface ManyInput extends Omit<NotifyInput, 'userId' | 'silent' | 'suppressMail' | 'background' | 'event'> {
  /** Who caused it: they are never among its recipients, and recipients who blocked or muted them get nothing. */
  relatedUserId: string;
  event: NotifyEvent;
}

export interface ManyRecipient {
  userId: string;
  /** Whether their preference asked for mail when they were read; the statement checks it again. */
  mail: boolean;
}

/** SQL: the recipient's preference for `event` asks for mail (for the read that picks the recipients). */
export const wantsMail = (event: NotifyEvent) => sql<boolean>`${PREF_COLUMN[event]}::text IN ('email', 'both')`;

/**
 * The same notification to many recipients in one statement, in the background (a follower fan-out
 * page; notify.ts for one recipient): each recipient's once-only claim (kind, subject, key), their
 * preference, blocks and mutes, the notification, and its mail where the preference asks for it, as
 * notify() does for one, commit together; then each recipient's open tabs are told. Like notify()'s
 * background mode, the commit does not wait for the WAL flush. A mail is rendered only for recipients
 * whose preference asked for mail when they were read (its unsubscribe link is theirs); one who turned
 * mail on since gets the notification without it, one who turned it off gets no mail.
 */
export async function notifyMany(deps: AppDeps, input: ManyInput, recipients: ManyRecipient[], claim: Omit<DedupClaim, 'recipientId'>): Promise<number> {
  const chosen = recipients.filter((r) => r.userId !== input.relatedUserId);
  if (chosen.length === 0) return 0;
  const mails = chosen
    .filter((r) => r.mail)
    .map((r) => {
      const mail = notificationMail(deps, { ...input, userId: r.userId }, input.event);
      return { user_id: r.userId, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers ?? {} };
    });
  const related = input.relatedUserId;
  const rows = await queryRows<{ user_id: string; id: string; pref: string; mailed: boolean }>(
    deps.database.db,
    keptPlan(sql`WITH claim AS (INSERT INTO ${notificationDedup} (kind, recipient_id, subject_id, key)
          SELECT ${claim.kind}::text, id, ${claim.subjectId}::text, ${claim.key}::text FROM (SELECT DISTINCT json_array_elements_text(${JSON.stringify(chosen.map((r) => r.userId))}::json) AS id) ids ORDER BY id
          ON CONFLICT DO NOTHING RETURNING recipient_id),
        r AS (SELECT ${user.id} AS id, ${user.email} AS email, ${PREF_COLUMN[input.event]}::text AS pref,
            ${quietFrom(related)} AS quiet
          FROM ${user} INNER JOIN ${profiles} ON ${profiles.id} = ${user.id} CROSS JOIN ${asyncCommit} AS async_commit
          WHERE ${user.id} IN (SELECT recipient_id FROM claim)),
        n AS (INSERT INTO ${notifications} (user_id, type, title, message, related_user_id, data, read)
          SELECT r.id, ${input.type}::text, ${input.title}::text, ${input.message}::text, ${related}::text, ${JSON.stringify(input.data ?? {})}::jsonb, false
          FROM r WHERE NOT r.quiet AND r.pref <> 'none' RETURNING id, user_id),
        x AS (SELECT * FROM json_to_recordset(${JSON.stringify(mails)}::json) AS x(user_id text, subject text, html text, text text, headers jsonb)),
        m AS (INSERT INTO ${mailOutbox} ("to", subject, html, text, headers)
          SELECT r.email, x.subject, x.html, x.text, x.headers FROM n JOIN r ON r.id = n.user_id JOIN x ON x.user_id = n.user_id
          WHERE r.pref IN ('email', 'both')
            AND ${mailableAddress(sql`r.email`)}
          RETURNING "to")
        SELECT n.user_id, n.id, r.pref, r.email IN (SELECT "to" FROM m) AS mailed FROM n JOIN r ON r.id = n.user_id`),
  );
  if (rows.some((r) => r.mailed)) deps.mail.stored();
  for (const r of rows) deps.events.publish({ users: [r.user_id] }, { type: 'notification', id: r.id, popup: r.pref === 'popup' || r.pref === 'both' });
  pushUnreadCounts(
    deps,
    rows.map((r) => r.user_id),
  );
  return rows.length;
}
