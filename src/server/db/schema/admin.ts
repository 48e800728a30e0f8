import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS } from '../../../shared/admin';

/**
 * Every admin action (ruling 27, ADR 020): who did what to whom, when and why. Names are copied
 * in, not joined, so the entry still reads after either account is deleted; rows are never
 * updated or deleted by the app.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for the operator's `npm run admin` script, which acts as nobody in particular. */
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** The user acted on, when there is one. */
    targetUserId: text('target_user_id'),
    /** What the action was on, readable: a username, an e-mail address, a post's first words. */
    target: text('target').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);
