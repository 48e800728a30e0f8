import { count, desc, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AuditAction } from '../../../shared/admin';
import { preparedPerDatabase, sharedRead } from '../../db/batch';
import { countedPage } from './counted-page';
import type { Database } from '../../db/client';
import { adminAuditLog } from '../../db/schema';

/** Who acted: an admin (id and username), or the operator's script or the ADMIN_EMAILS setting. */
export interface Actor {
  id: string | null;
  name: string;
}

/**
 * Writes one entry. Callers pass their transaction, so an action and its entry exist together:
 * no action without its entry, no entry for an action that rolled back.
 */
export async function recordAction(db: Database, actor: Actor, action: AuditAction, target: { userId?: string | null; label: string }, reason?: string | null) {
  await db.insert(adminAuditLog).values({ actorId: actor.id, actorName: actor.name, action, targetUserId: target.userId ?? null, target: target.label, reason: reason ?? null });
}

/**
 * A page of the log with the total in the same statement, prepared once per database (decision
 * 022); a page past the end has no row to carry the total, so only then is it counted alone.
 */
const statementsOf = preparedPerDatabase((db: Database) => ({
  page: db
    .select({
      id: adminAuditLog.id,
      actorName: adminAuditLog.actorName,
      action: adminAuditLog.action,
      target: adminAuditLog.target,
      reason: adminAuditLog.reason,
      createdAt: adminAuditLog.createdAt,
      total: sql<number>`(select count(*) from ${adminAuditLog})`.mapWith(Number),
    })
    .from(adminAuditLog)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset(sql.placeholder('offset'))
    .prepare('admin_audit_page'),
  total: db.select({ n: count() }).from(adminAuditLog).prepare('admin_audit_total'),
}));

/** A page of the log; every admin asking for the same page at the same moment shares one read. */
export function listAudit(db: Database, page: number) {
  return readPage(db, String(page));
}

const readPage = sharedRead(async (db, key: string) => {
  const page = Number(key);
  const { rows, total } = await countedPage(statementsOf(db), page);
  return {
    entries: rows.map((r) => ({ id: r.id, actorName: r.actorName, action: r.action, target: r.target, reason: r.reason, createdAt: r.createdAt.toISOString() })),
    total,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
});
