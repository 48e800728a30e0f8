import { and, eq } from 'drizzle-orm';
import type { AccessFlags } from '../../../shared/session';
import type { Database } from '../../db/client';
import { profiles, subscriptions, userRoles } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Ruling 4, in one place: who has premium access and why. No subscription row means free. */
export function computeAccess(input: {
  email: string;
  ownerEmail?: string;
  isAdmin: boolean;
  foundingMember: boolean;
  subscription: Pick<SubscriptionRow, 'subscribed' | 'subscriptionEnd' | 'subscriptionTier' | 'trialEnd'> | null;
  now?: Date;
}): AccessFlags {
  const now = input.now ?? new Date();
  const sub = input.subscription;
  const isSubscribed = !!sub?.subscribed && (!sub.subscriptionEnd || sub.subscriptionEnd > now);
  const trialMsLeft = sub?.subscriptionTier === 'trial' && sub.trialEnd ? sub.trialEnd.getTime() - now.getTime() : 0;
  const trialDaysLeft = trialMsLeft > 0 ? Math.ceil(trialMsLeft / DAY_MS) : 0;
  const isOnTrial = trialDaysLeft > 0;
  const isOwner = !!input.ownerEmail && input.email.toLowerCase() === input.ownerEmail;
  const isPremium = isSubscribed || isOnTrial || input.foundingMember || input.isAdmin || isOwner;
  return {
    isPremium,
    isSubscribed,
    isFoundingMember: input.foundingMember,
    isOnTrial,
    trialDaysLeft,
    isAdmin: input.isAdmin,
    tier: isSubscribed ? 'premium' : isOnTrial ? 'trial' : isPremium ? 'premium' : 'free',
  };
}

export async function isAdmin(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, 'admin')))
    .limit(1);
  return rows.length > 0;
}

export async function loadAccess(db: Database, user: { id: string; email: string }, ownerEmail?: string): Promise<AccessFlags> {
  const [[profile], [subscription], admin] = await Promise.all([
    db.select({ foundingMember: profiles.foundingMember }).from(profiles).where(eq(profiles.id, user.id)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    isAdmin(db, user.id),
  ]);
  return computeAccess({ email: user.email, ownerEmail, isAdmin: admin, foundingMember: !!profile?.foundingMember, subscription: subscription ?? null });
}
