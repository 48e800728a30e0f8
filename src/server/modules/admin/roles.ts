import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user, userRoles } from '../../db/schema';
import { type Actor, recordAction } from './audit';

/**
 * Who is admin (ruling 27): a `user_roles` row with role admin. Granted by ADMIN_EMAILS (and
 * OWNER_EMAIL) when such an account verifies or signs in, or by `npm run admin -- grant <email>`.
 * The row's triggers send an access signal (migration 0014), so every instance's session cache
 * learns the new role on the next request.
 */

/** Grants the role; true when it was granted now (false: the user already had it). Audited when granted. */
export async function grantAdmin(db: Database, userId: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx: Database) => {
    const rows = await tx.insert(userRoles).values({ userId, role: 'admin' }).onConflictDoNothing().returning({ userId: userRoles.userId });
    if (rows.length === 0) return false;
    const [u] = await tx.select({ username: user.username, email: user.email }).from(user).where(eq(user.id, userId));
    await recordAction(tx, actor, 'grant_admin', { userId, label: u?.username ?? u?.email ?? userId });
    return true;
  });
}

/** Removes the role; true when there was one. Audited when removed. */
export async function revokeAdmin(db: Database, userId: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx: Database) => {
    const rows = await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
      .returning({ userId: userRoles.userId });
    if (rows.length === 0) return false;
    const [u] = await tx.select({ username: user.username, email: user.email }).from(user).where(eq(user.id, userId));
    await recordAction(tx, actor, 'revoke_admin', { userId, label: u?.username ?? u?.email ?? userId });
    return true;
  });
}

/**
 * At verification and at every sign-in: an account whose address is in ADMIN_EMAILS (or is the
 * owner's) and is verified gets the role. Only verified addresses: someone signing up with an
 * admin's address they do not own must never become admin.
 */
export async function grantFromConfig(db: Database, adminEmails: readonly string[], account: { id: string; email: string; emailVerified: boolean }) {
  if (!account.emailVerified || !adminEmails.includes(account.email.toLowerCase())) return false;
  return grantAdmin(db, account.id, { id: null, name: 'ADMIN_EMAILS' });
}
