import { z } from 'zod';

/** The signed-in user's own view of their account (GET /api/session). */
export const sessionUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    createdAt: z.iso.datetime(),
    foundingNumber: z.number().int().nullable(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.output<typeof sessionUserSchema>;

/** Who has premium access and why (product rule 4). */
export const accessFlagsSchema = z
  .object({
    isPremium: z.boolean(),
    isSubscribed: z.boolean(),
    isFoundingMember: z.boolean(),
    isOnTrial: z.boolean(),
    trialDaysLeft: z.number().int().nonnegative(),
    isAdmin: z.boolean(),
    tier: z.enum(['free', 'trial', 'premium']),
  })
  .meta({ id: 'AccessFlags' });
export type AccessFlags = z.output<typeof accessFlagsSchema>;

/** What GET /api/session answers: the signed-in user's own view, or user null. */
export const sessionViewSchema = z.object({ user: sessionUserSchema.nullable(), access: accessFlagsSchema.nullable() }).meta({ id: 'SessionView' });
export type SessionView = z.output<typeof sessionViewSchema>;
