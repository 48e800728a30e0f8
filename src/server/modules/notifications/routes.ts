import { notificationsApi } from '../../../shared/api/notifications';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { deleteNotification, getNotification, listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from './service';

/** The handlers of src/shared/api/notifications.ts; the events start in the service. */
export function notificationRoutes(deps: AppDeps) {
  return routeTable(deps, notificationsApi, {
    list: async (c) => {
      const { before, limit, kind } = c.req.valid('query');
      return c.json(await listNotifications(deps.database.db, c.get('user').id, before, limit, kind), 200);
    },
    unreadCount: async (c) => c.json({ count: await unreadNotificationCount(deps.database.db, c.get('user').id) }, 200),
    one: async (c) => c.json(await getNotification(deps.database.db, c.get('user').id, c.req.valid('param').id), 200),
    markAllRead: async (c) => c.json({ updated: await markAllNotificationsRead(deps, c.get('user').id) }, 200),
    markRead: async (c) => {
      await markNotificationRead(deps, c.get('user').id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
    remove: async (c) => {
      await deleteNotification(deps, c.get('user').id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    },
  });
}
