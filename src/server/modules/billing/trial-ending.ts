import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { trialEndingMail } from './mails';

/** How often the sweep looks for trials entering their last day (a mail goes out at most this late). */
export const TRIAL_ENDING_SWEEP_INTERVAL_MS = 5 * 60_000;
/** The mail goes when this much of the trial is left: its last day, when the 'Trial Ending Soon!' toast shows too. */
export const TRIAL_ENDING_NOTICE_MS = 24 * 60 * 60_000;
const BATCH = 200;

/**
 * Mails every user whose trial ends within a day, once per trial (issue 16 part 9). The claim is
 * one statement: it sets `trial_ending_mailed_at` on rows where it is still NULL, locking them
 * (`FOR UPDATE SKIP LOCKED`) so a concurrent sweep on another instance passes them by, and its
 * mails are enqueued in the same transaction: a claim exists only with its mail, and a crash before
 * the commit leaves the row for the next sweep. Left out: subscribers (a paid plan replaced the
 * trial), accounts premium anyway (founding members, admins, the owner), banned accounts, and
 * trials already over. Returns how many were mailed.
 */
export async function sweepTrialEndings(deps: Pick<AppDeps, 'database' | 'mail' | 'config'>, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + TRIAL_ENDING_NOTICE_MS);
  const owner = deps.config.auth.ownerEmail ?? '';
  const base = deps.config.appUrl ?? `http://localhost:${deps.config.port}`;
  let mailed = 0;
  for (;;) {
    const claimed = await deps.database.db.transaction(async (tx) => {
      const rows = await queryRows<{ email: string; trial_end: Date | string }>(
        tx,
        sql`UPDATE subscriptions s SET trial_ending_mailed_at = ${now.toISOString()}::timestamptz
            FROM "user" u
            WHERE u.id = s.user_id AND s.trial_ending_mailed_at IS NULL
              AND s.user_id IN (
                SELECT c.user_id FROM subscriptions c
                JOIN "user" cu ON cu.id = c.user_id
                LEFT JOIN profiles p ON p.id = c.user_id
                WHERE c.subscription_tier = 'trial' AND NOT c.subscribed AND c.trial_ending_mailed_at IS NULL
                  AND c.trial_end > ${now.toISOString()}::timestamptz AND c.trial_end <= ${until.toISOString()}::timestamptz
                  AND NOT coalesce(p.founding_member, false) AND NOT coalesce(p.is_banned, false)
                  AND lower(cu.email) <> ${owner}
                  AND NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = c.user_id AND r.role = 'admin')
                ORDER BY c.trial_end
                LIMIT ${BATCH}
                FOR UPDATE OF c SKIP LOCKED)
            RETURNING u.email, s.trial_end`,
      );
      for (const row of rows) await deps.mail.enqueue(trialEndingMail(row.email, new Date(row.trial_end), new URL('/settings', base).toString()), tx);
      return rows.length;
    });
    mailed += claimed;
    if (claimed < BATCH) return mailed;
  }
}

/** Sweeps at start and then every interval; several instances may run it (each trial is claimed once). */
export function startTrialEndingSweep(deps: Pick<AppDeps, 'database' | 'mail' | 'config' | 'logger'>, intervalMs = TRIAL_ENDING_SWEEP_INTERVAL_MS) {
  let running: Promise<void> | undefined;
  const sweep = () =>
    (running ??= sweepTrialEndings(deps)
      .then((mailed) => {
        if (mailed) deps.logger.info({ mailed }, 'billing: trial-ending mails queued');
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'billing: trial-ending sweep failed'))
      .finally(() => {
        running = undefined;
      }));
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    sweep,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
