import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { type Database, queryRows } from '../../db/client';
import { hitDbLimit } from '../../http/db-rate-limit';

/**
 * Per-account sign-in limits that stop password guessing without letting anyone lock the owner
 * out (NIST SP 800-63B 5.2.2: at most 100 failed attempts per account).
 *
 * Only wrong passwords count (Better Auth answers 401), in two fixed windows kept in
 * `rate_counters`, so they hold across instances:
 * - per account and address: 10 in 10 minutes. The guessing address is stopped; the owner,
 *   elsewhere, is not.
 * - per account across all addresses: 100 an hour. Spreading guesses over many addresses stops
 *   here, for addresses new to the account; an address the account has signed in from before
 *   (`known_sign_ins`) keeps working, so the owner is not locked out of their own account.
 * A successful sign-in clears its address's failures and remembers the address.
 *
 * Counts are checked before the attempt and added after it, so a burst of parallel guesses can
 * pass the bound by the size of the burst; Better Auth's per-address limit (10 a minute) bounds
 * that for one address.
 */
export const SIGN_IN_LIMITS = {
  perAddress: { max: 10, windowMs: 10 * 60 * 1000 },
  perAccount: { max: 100, windowMs: 60 * 60 * 1000 },
};

export const SIGN_IN_LIMITED_MESSAGE = 'Too many sign-in attempts for this account. Please wait a few minutes and try again.';
export const ACCOUNT_LIMITED_MESSAGE =
  'Too many failed sign-ins for this account from different places. Please try again later, from a device you have signed in with before, or reset your password.';

export interface SignInAttempt {
  email: string;
  address: string;
}

export function signInLimits(db: Database, secret: string) {
  // Keyed, so the stored hashes cannot be turned back into addresses by trying all 2^32 of them.
  const hashOf = (address: string) => createHmac('sha256', secret).update(`sign-in-address:${address}`).digest('base64url').slice(0, 32);
  const keys = ({ email, address }: SignInAttempt) => {
    const hash = hashOf(address);
    return { hash, perAddress: `sign-in-failures:${email}:${hash}`, perAccount: `sign-in-failures:${email}` };
  };

  return {
    /** Throws a 429 when this attempt may not be made. */
    async check(attempt: SignInAttempt): Promise<void> {
      const k = keys(attempt);
      const { perAddress, perAccount } = SIGN_IN_LIMITS;
      const [row] = await queryRows<{
        address_failures: number;
        address_reset: string | Date | null;
        account_failures: number;
        account_reset: string | Date | null;
        known: boolean;
      }>(
        db,
        sql`WITH a AS (SELECT count, window_start + make_interval(secs => ${perAddress.windowMs / 1000}) AS reset FROM rate_counters WHERE key = ${k.perAddress}),
                 b AS (SELECT count, window_start + make_interval(secs => ${perAccount.windowMs / 1000}) AS reset FROM rate_counters WHERE key = ${k.perAccount})
            SELECT
              coalesce((SELECT count FROM a WHERE reset > now()), 0)::int AS address_failures,
              (SELECT reset FROM a) AS address_reset,
              coalesce((SELECT count FROM b WHERE reset > now()), 0)::int AS account_failures,
              (SELECT reset FROM b) AS account_reset,
              EXISTS (SELECT 1 FROM known_sign_ins k JOIN "user" u ON u.id = k.user_id WHERE u.email = ${attempt.email} AND k.address_hash = ${k.hash}) AS known`,
      );
      if (!row) return;
      if (row.address_failures >= perAddress.max) throw limited(SIGN_IN_LIMITED_MESSAGE, row.address_reset);
      if (row.account_failures >= perAccount.max && !row.known) throw limited(ACCOUNT_LIMITED_MESSAGE, row.account_reset);
    },

    /** A wrong password: one more failure in both windows. */
    async failed(attempt: SignInAttempt): Promise<void> {
      const k = keys(attempt);
      await hitDbLimit(db, k.perAddress, SIGN_IN_LIMITS.perAddress.max, SIGN_IN_LIMITS.perAddress.windowMs);
      await hitDbLimit(db, k.perAccount, SIGN_IN_LIMITS.perAccount.max, SIGN_IN_LIMITS.perAccount.windowMs);
    },

    /** Signed in: this address's failures are forgiven and the address is known from now on. */
    async succeeded(attempt: SignInAttempt, userId: string): Promise<void> {
      const k = keys(attempt);
      await db.execute(sql`DELETE FROM rate_counters WHERE key = ${k.perAddress}`);
      await db.execute(
        sql`INSERT INTO known_sign_ins (user_id, address_hash, last_seen_at) VALUES (${userId}, ${k.hash}, now())
            ON CONFLICT (user_id, address_hash) DO UPDATE SET last_seen_at = now()`,
      );
    },
  };
}

function limited(message: string, resetAt: string | Date | null): APIError {
  const wait = resetAt ? Math.max(1, Math.ceil((new Date(resetAt).getTime() - Date.now()) / 1000)) : 60;
  return new APIError('TOO_MANY_REQUESTS', { message, code: 'RATE_LIMITED' }, { 'X-Retry-After': String(wait) });
}
