import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AccessFlags } from '../../../shared/session';
import { batchedRead } from '../../db/batch';
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

/** What access is computed from: the profile's founding flag, the subscription row (null: none) and the admin role. */
export interface AccessInputs {
  foundingMember: boolean;
  subscription: SubscriptionRow | null;
  admin: boolean;
}

/**
 * The access inputs of every member asked in one event-loop turn, in one statement (decision 022;
 * was three a member). A member with no profile row is not answered here (null) and read alone.
 */
const loadInputs = batchedRead<string, AccessInputs | null>(
  async (db, ids) => {
    const rows = await db
      .select({
        id: profiles.id,
        foundingMember: profiles.foundingMember,
        subscription: subscriptions,
        admin: sql<boolean>`exists (SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${profiles.id} AND ${userRoles.role} = 'admin')`,
      })
      .from(profiles)
      .leftJoin(subscriptions, eq(subscriptions.userId, profiles.id))
      .where(inArray(profiles.id, ids));
    return new Map(rows.map((r) => [r.id, { foundingMember: r.foundingMember, subscription: r.subscription, admin: r.admin }]));
  },
  () => null,
);

export async function accessInputs(db: Database, userId: string): Promise<AccessInputs> {
  const batched = await loadInputs(db, userId);
  if (batched) return batched;
  const [[subscription], admin] = await Promise.all([db.select().from(subscriptions).where(eq(subscriptions.userId, userId)), isAdmin(db, userId)]);
  return { foundingMember: false, subscription: subscription ?? null, admin };
}

/** The access flags of what accessInputs read. */
export function accessFrom(inputs: AccessInputs, user: { email: string }, ownerEmail?: string): AccessFlags {
  return computeAccess({ email: user.email, ownerEmail, isAdmin: inputs.admin, foundingMember: inputs.foundingMember, subscription: inputs.subscription });
}

export async function loadAccess(db: Database, user: { id: string; email: string }, ownerEmail?: string): Promise<AccessFlags> {
  return accessFrom(await accessInputs(db, user.id), user, ownerEmail);
}
