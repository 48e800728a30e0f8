import { adminApi } from '../../../shared/api/admin';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { routeTable } from '../accounts/guards';
import { listAudit } from './audit';
import { listDonations } from './donations';
import { listSupportMessages, markHandled, overview } from './inbox';
import { banFromReport, deleteReportedPost, dismissPostReport, dismissReport, listPostReports, listUserReports } from './reports';
import { adminUserById, banUserAsAdmin, blockEmail, cancelSubscriptionAsAdmin, listUsers, unbanUserAsAdmin, unblockEmail } from './users';

const actorOf = (u: AuthedUser) => ({ id: u.id, name: u.username });
const ok = { ok: true as const };

/**
 * The handlers of src/shared/api/admin.ts. Every route is `access: 'admin'`: the guard
 * (accounts/guards.ts requireAdmin) refuses anyone without the role before a handler runs.
 */
export function adminRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return routeTable(deps, adminApi, {
    overview: async (c) => c.json(await overview(db), 200),
    reports: async (c) => c.json({ reports: await listUserReports(db) }, 200),
    banFromReport: async (c) => {
      await banFromReport(db, actorOf(c.get('user')), c.req.valid('param').id);
      return c.json(ok, 200);
    },
    dismissReport: async (c) => {
      await dismissReport(db, actorOf(c.get('user')), c.req.valid('param').id);
      return c.json(ok, 200);
    },
    postReports: async (c) => c.json({ reports: await listPostReports(db) }, 200),
    deleteReportedPost: async (c) => {
      await deleteReportedPost(deps, c.get('user'), c.req.valid('param').id);
      return c.json(ok, 200);
    },
    dismissPostReport: async (c) => {
      await dismissPostReport(db, actorOf(c.get('user')), c.req.valid('param').id);
      return c.json(ok, 200);
    },
    users: async (c) => c.json(await listUsers(deps, c.req.valid('query')), 200),
    banUser: async (c) => {
      const { id } = c.req.valid('param');
      await banUserAsAdmin(db, actorOf(c.get('user')), id, c.req.valid('json').reason);
      return c.json(await adminUserById(deps, db, id), 200);
    },
    unbanUser: async (c) => {
      const { id } = c.req.valid('param');
      await unbanUserAsAdmin(db, actorOf(c.get('user')), id);
      return c.json(await adminUserById(deps, db, id), 200);
    },
    cancelSubscription: async (c) => {
      const { id } = c.req.valid('param');
      await cancelSubscriptionAsAdmin(deps, actorOf(c.get('user')), id);
      return c.json(await adminUserById(deps, db, id), 200);
    },
    blockEmail: async (c) => {
      await blockEmail(db, actorOf(c.get('user')), c.req.valid('json').email);
      return c.json(ok, 200);
    },
    unblockEmail: async (c) => {
      await unblockEmail(db, actorOf(c.get('user')), c.req.valid('param').email);
      return c.json(ok, 200);
    },
    supportInbox: async (c) => c.json({ messages: await listSupportMessages(db, c.req.valid('query').show) }, 200),
    markHandled: async (c) => c.json(await markHandled(db, actorOf(c.get('user')), c.req.valid('param').id), 200),
    donations: async (c) => c.json(await listDonations(db, c.req.valid('query').page), 200),
    auditLog: async (c) => c.json(await listAudit(db, c.req.valid('query').page), 200),
  });
}
