import { eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { user } from '../../db/schema';
import { grantAdmin, revokeAdmin } from './roles';

export const ADMIN_CLI_USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

/**
 * `npm run admin -- grant|revoke <email>` (ruling 27), for an operator on the server. Returns the
 * line to print and the exit code; the grant or revocation is audited as the operator's.
 */
export async function runAdminCommand(database: DatabaseHandle, args: string[]): Promise<{ code: number; message: string }> {
  const [command, email, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !email || rest.length) return { code: 64, message: ADMIN_CLI_USAGE };
  const address = email.trim().toLowerCase();
  const [account] = await database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, address));
  if (!account) return { code: 1, message: `No account with the e-mail address ${address}.` };
  const actor = { id: null, name: 'operator (npm run admin)' };
  const changed = command === 'grant' ? await grantAdmin(database.db, account.id, actor) : await revokeAdmin(database.db, account.id, actor);
  // Other instances drop the account's cached sessions before we say it is done (decision 013).
  await database.access.barrier();
  if (command === 'grant') return { code: 0, message: changed ? `${address} is now an admin.` : `${address} was already an admin.` };
  return { code: 0, message: changed ? `${address} is no longer an admin.` : `${address} was not an admin.` };
}
