import { z } from 'zod';
import { text } from './text';

/** The admin area (spec 000 §2, §4, §6, §8; rulings 16, 27; issue 17). */

export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_SEARCH_DEBOUNCE_MS = 300;
export const BAN_REASON_MAX = 500;
export const MANUAL_BLOCK_REASON = 'Manually blocked by admin';
export const ADMIN_USER_FILTERS = ['all', 'premium', 'founding', 'banned', 'admins'] as const;
export type AdminUserFilter = (typeof ADMIN_USER_FILTERS)[number];

/** The spec's texts (§8), word for word. */
export const ADMIN_TEXT = {
  reportsError: 'Error fetching reports',
  reportsErrorDetail: 'Could not load user reports...',
  banFailed: (message: string) => `Could not ban user: ${message}`,
  dismissFailed: (message: string) => `Could not dismiss report: ${message}`,
  usersError: 'Error fetching users',
  cancelFailed: (message: string) => `Could not cancel subscription: ${message}`,
  blockFailed: 'Could not block user',
  unblockFailed: 'Could not unblock user',
  notSelf: 'You cannot ban yourself.',
  notAdmin: 'You cannot ban another admin.',
  reportClosed: 'This report has already been resolved.',
  noSubscription: 'This user has no paid subscription.',
} as const;

const userRef = z.object({ id: z.string(), username: z.string() });

export const adminOverviewSchema = z
  .object({
    openReports: z.number().int(),
    openPostReports: z.number().int(),
    openSupportMessages: z.number().int(),
    totalUsers: z.number().int(),
    foundingMembers: z.number().int(),
  })
  .meta({ id: 'AdminOverview' });
export type AdminOverview = z.output<typeof adminOverviewSchema>;

export const userReportSchema = z
  .object({
    id: z.string(),
    /** Null once the reporter's account is deleted. */
    reporter: userRef.nullable(),
    reported: userRef,
    reason: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'UserReport' });
export type UserReport = z.output<typeof userReportSchema>;
export const userReportListSchema = z.object({ reports: z.array(userReportSchema) }).meta({ id: 'UserReportList' });

export const postReportSchema = z
  .object({
    id: z.string(),
    reporter: userRef.nullable(),
    reason: z.enum(['spam', 'harassment', 'hate_speech', 'off_topic', 'other']),
    message: z.string().nullable(),
    createdAt: z.string(),
    kind: z.enum(['thread', 'reply']),
    threadId: z.string(),
    threadTitle: z.string(),
    forumName: z.string(),
    /** The reported post's text, and the one it answers for a reply (the context). */
    content: z.string(),
    /** For a reply, the thread's opening post it answers; null for a thread. */
    context: z.string().nullable(),
    author: userRef.nullable(),
    postCreatedAt: z.string(),
  })
  .meta({ id: 'PostReport' });
export type PostReport = z.output<typeof postReportSchema>;
export const postReportListSchema = z.object({ reports: z.array(postReportSchema) }).meta({ id: 'PostReportList' });

export const adminUsersQuerySchema = z.strictObject({
  q: text().trim().max(100).optional(),
  filter: z.enum(ADMIN_USER_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    createdAt: z.string(),
    foundingMember: z.boolean(),
    isBanned: z.boolean(),
    banReason: z.string().nullable(),
    isAdmin: z.boolean(),
    isPremium: z.boolean(),
    emailBlocked: z.boolean(),
    /** A paid subscription that is running (not a trial, not founding): what Cancel subscription ends. */
    hasSubscription: z.boolean(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.output<typeof adminUserSchema>;
export const adminUserPageSchema = z
  .object({ users: z.array(adminUserSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.output<typeof adminUserPageSchema>;

export const banBodySchema = z.strictObject({
  reason: text().trim().min(1, 'Please give a reason for the ban.').max(BAN_REASON_MAX, `The reason must be at most ${BAN_REASON_MAX} characters.`),
});
export const emailBodySchema = z.strictObject({ email: z.email('Please enter a valid email address.').trim().toLowerCase() });

export const supportMessageSchema = z
  .object({
    id: z.string(),
    type: z.enum(['Contact Inquiry', 'Bug Report', 'Feature Request']),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: z.string(),
    handledAt: z.string().nullable(),
  })
  .meta({ id: 'SupportMessage' });
export type SupportMessage = z.output<typeof supportMessageSchema>;
export const supportInboxQuerySchema = z.strictObject({ show: z.enum(['open', 'all']).default('open') });
export const supportInboxSchema = z.object({ messages: z.array(supportMessageSchema) }).meta({ id: 'SupportInbox' });

export const AUDIT_ACTIONS = [
  'ban',
  'unban',
  'dismiss_report',
  'delete_post',
  'dismiss_post_report',
  'block_email',
  'unblock_email',
  'cancel_subscription',
  'grant_admin',
  'revoke_admin',
  'mark_handled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z
  .object({
    id: z.string(),
    actorName: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    target: z.string(),
    reason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditLogQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const auditLogSchema = z
  .object({ entries: z.array(auditEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AuditLog' });

/**
 * A donation (ruling 15; issue 16 part 7): stored when the provider says the payment completed, so
 * every stored donation is `completed`. The donor is the signed-in account that gave, or null
 * (a visitor, or an account deleted since): 'Anonymous'.
 */
export const adminDonationSchema = z
  .object({
    id: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    donor: z.object({ id: z.string(), username: z.string().nullable(), email: z.string() }).nullable(),
    status: z.enum(['completed']),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminDonation' });
export type AdminDonation = z.output<typeof adminDonationSchema>;
export const donationsQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const adminDonationPageSchema = z
  .object({ donations: z.array(adminDonationSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'AdminDonationPage' });

/** A user's id (Better Auth's, text). */
export const idParamsSchema = z.strictObject({ id: text().min(1).max(100) });
/** A report's, a post report's or a support message's id: a uuid column, which refuses any other text with an error (a 500 before). */
export const rowIdParamsSchema = z.strictObject({ id: z.uuid('Invalid id.') });
export const emailParamsSchema = z.strictObject({ email: text().min(3).max(320) });
export const adminOkSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AdminOk' });
