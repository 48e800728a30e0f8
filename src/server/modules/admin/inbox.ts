import { desc, eq, sql } from 'drizzle-orm';
import type { SupportMessage } from '../../../shared/admin';
import { preparedPerDatabase, sharedRead } from '../../db/batch';
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

/**
 * The admin reads as prepared statements (decision 022): built and planned once per database, not
 * per request, and one round trip each (the badges' four counts in one).
 */
const statementsOf = preparedPerDatabase((db: Database) => ({
  messages: db
    .select()
    .from(contactMessages)
    .where(sql`(${sql.placeholder('all')}::boolean or ${contactMessages.handledAt} is null)`)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(200)
    .prepare('admin_support_messages'),
  overview: db
    .select({
      openReports: sql<number>`(select count(*) from ${reports} where ${reports.status} = 'open')`.mapWith(Number),
      openPostReports: sql<number>`(select count(*) from ${reportedPosts} where ${reportedPosts.status} = 'open')`.mapWith(Number),
      openSupportMessages: sql<number>`(select count(*) from ${contactMessages} where ${contactMessages.handledAt} is null)`.mapWith(Number),
      totalUsers: sql<number>`count(*)`.mapWith(Number),
      foundingMembers: sql<number>`count(*) filter (where ${profiles.foundingMember})`.mapWith(Number),
    })
    .from(profiles)
    .prepare('admin_overview'),
}));

const readMessages = sharedRead<'open' | 'all', SupportMessage[]>(async (db, show) => (await statementsOf(db).messages.execute({ all: show === 'all' })).map(toView));

/** Contact, bug and feature messages (ruling 16), newest first: open ones, or all. */
export function listSupportMessages(db: Database, show: 'open' | 'all'): Promise<SupportMessage[]> {
  return readMessages(db, show);
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
export function overview(db: Database) {
  return readOverview(db, '');
}
const readOverview = sharedRead(async (db, _key: '') => {
  const [row] = await statementsOf(db).overview.execute();
  return row ?? { openReports: 0, openPostReports: 0, openSupportMessages: 0, totalUsers: 0, foundingMembers: 0 };
});
