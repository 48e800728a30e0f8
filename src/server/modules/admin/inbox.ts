import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SupportMessage } from '../../../shared/admin';
import type { Database } from '../../db/client';
import { contactMessages, profiles, reportedPosts, reports } from '../../db/schema';
import { errors } from '../../http/errors';
import { type Actor, recordAction } from './audit';

type Row = typeof contactMessages.$inferSelect;
const toView = (r: Row): SupportMessage => ({
  id: r.id,
  type: r.type,
  name: r.name,
  email: r.email,
  subject: r.subject,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  handledAt: r.handledAt?.toISOString() ?? null,
});

/** Contact, bug and feature messages (ruling 16), newest first: open ones, or all. */
export async function listSupportMessages(db: Database, show: 'open' | 'all'): Promise<SupportMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(show === 'open' ? isNull(contactMessages.handledAt) : undefined)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(200);
  return rows.map(toView);
}

/** Marks a message handled; marking it again keeps the first time (and writes no second entry). */
export async function markHandled(db: Database, actor: Actor, id: string): Promise<SupportMessage> {
  return db.transaction(async (tx: Database) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ handledAt: new Date() })
      .where(sql`${contactMessages.id} = ${id} and ${contactMessages.handledAt} is null`)
      .returning();
    if (updated) {
      await recordAction(tx, actor, 'mark_handled', { label: `${updated.type}: ${updated.subject}` });
      return toView(updated);
    }
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
    if (!row) throw errors.notFound('Message not found.');
    return toView(row);
  });
}

/** The badges: open reports and messages, total users, founding members (spec 000 §6, §9). */
export async function overview(db: Database) {
  const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
  const [openReports, openPostReports, openSupportMessages, totals] = await Promise.all([
    db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
    db.select({ n: count() }).from(reportedPosts).where(eq(reportedPosts.status, 'open')),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
    db.select({ n: count(), founding: sql<number>`count(*) filter (where ${profiles.foundingMember})`.mapWith(Number) }).from(profiles),
  ]);
  return {
    openReports: n(openReports),
    openPostReports: n(openPostReports),
    openSupportMessages: n(openSupportMessages),
    totalUsers: totals[0]?.n ?? 0,
    foundingMembers: totals[0]?.founding ?? 0,
  };
}
