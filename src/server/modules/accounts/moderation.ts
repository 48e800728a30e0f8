import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, session } from '../../db/schema';

export const REPORT_BAN_REASON = 'Banned by admin after user report.';

/** What a banned user is told, wherever they are refused (sign-in, a leftover session). */
export function bannedMessage(reason: string | null | undefined): string {
  return `Your account has been banned${reason ? `: ${reason}` : '.'}`;
}

/** Bans a user: the flag stops new sessions (see auth.ts), and every open session ends now. */
export async function banUser(db: Database, userId: string, reason: string) {
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ isBanned: true, banReason: reason, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
  });
}

export async function unbanUser(db: Database, userId: string) {
  await db.update(profiles).set({ isBanned: false, banReason: null, updatedAt: new Date() }).where(eq(profiles.id, userId));
}
