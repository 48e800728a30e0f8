import { count, desc } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type AuditAction } from '../../../shared/admin';
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

export async function listAudit(db: Database, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(adminAuditLog),
  ]);
  return {
    entries: rows.map((r) => ({ id: r.id, actorName: r.actorName, action: r.action, target: r.target, reason: r.reason, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}
