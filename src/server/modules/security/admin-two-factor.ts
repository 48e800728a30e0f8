import { inArray } from 'drizzle-orm';
import { TWO_FACTOR_TEXT } from '../../../shared/two-factor';
import { batchedRead } from '../../db/batch';
import { user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';

/** The 403 code of an admin route refused for want of two-factor sign-in; the web links to Settings on it. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

/** Whether each member asked in one event-loop turn signs in with two factors, in one statement (decision 022). */
const loadEnabled = batchedRead<string, boolean>(
  async (db, ids) => {
    const rows = await db.select({ id: user.id, on: user.twoFactorEnabled }).from(user).where(inArray(user.id, ids));
    return new Map(rows.map((r) => [r.id, !!r.on]));
  },
  () => false,
);

/** Whether two-factor sign-in is on for a user. */
export async function twoFactorEnabled(deps: AppDeps, userId: string): Promise<boolean> {
  return loadEnabled(deps.database.db, userId);
}

/**
 * REQUIRE_ADMIN_2FA (issue 20, part 3): an admin without two-factor sign-in is refused every admin
 * route, with a message that sends them to Settings, until they turn it on. Off by default.
 */
export async function assertAdminTwoFactor(deps: AppDeps, userId: string): Promise<void> {
  if (!deps.config.auth.requireAdmin2fa) return;
  if (!(await twoFactorEnabled(deps, userId))) throw new AppError(403, TWO_FACTOR_REQUIRED, TWO_FACTOR_TEXT.adminRequired);
}
