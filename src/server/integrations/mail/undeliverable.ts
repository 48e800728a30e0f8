import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { MailRefused, MailTransport } from './transport';

/**
 * Undeliverable addresses (decision 049), as the outbox keeps them: a relay refusing a mail for
 * good (or refusing it for longer than the retry window) marks its address in
 * `undeliverable_addresses`, in the statement that fails the mail; a relay accepting a mail for a
 * marked address takes the mark away, in the statement that marks it sent.
 */

/**
 * Why a refusal ends the mail and marks its address: the relay's answer when it is permanent (5xx),
 * or when a temporary one (4xx) has lasted `retryWindowMs` since the mail was made; null while the
 * mail is still to be retried. At most 500 characters.
 */
export function bounceReason(error: MailRefused, createdAt: Date, retryWindowMs: number, now = Date.now()): string | null {
  const age = now - createdAt.getTime();
  if (!error.permanent && age < retryWindowMs) return null;
  const reason = error.permanent ? error.response : `${error.response} (still refused after ${Math.round(age / 3_600_000)} hours)`;
  return reason.slice(0, 500);
}

/**
 * Sent is the truth whoever holds the lease now; the first delivery's time is kept. A relay that
 * accepted a mail for an address marked undeliverable has shown it works again: the mark goes,
 * in the same statement.
 */
export async function markSent(db: Database, ids: string[], transport: MailTransport['name']) {
  await db.execute(sql`
    WITH sent AS (
      UPDATE mail_outbox SET status = 'sent', sent_at = now(), locked_until = NULL, lease_token = NULL, transport = ${transport}, last_error = NULL
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND status = 'pending'
      RETURNING "to"
    )
    DELETE FROM undeliverable_addresses WHERE email IN (SELECT lower("to") FROM sent)`);
}

/**
 * The relay refused the mail for good: no more retries, its answer kept, and its address marked
 * undeliverable in the same statement (only while the claim is still ours, as for a retry).
 */
export async function markFailed(db: Database, id: string, token: string, reason: string) {
  await db.execute(sql`
    WITH failed AS (
      UPDATE mail_outbox SET status = 'failed', locked_until = NULL, lease_token = NULL, last_error = ${reason}
      WHERE id = ${id} AND lease_token = ${token} AND status = 'pending'
      RETURNING id, "to"
    )
    INSERT INTO undeliverable_addresses (email, reason, mail_id)
    SELECT lower("to"), ${reason}, id FROM failed
    ON CONFLICT (email) DO UPDATE SET reason = excluded.reason, mail_id = excluded.mail_id, marked_at = now()`);
}
