import { createRoute, z } from '@hono/zod-openapi';
import { NOTIFICATION_PAGE_SIZE, NOTIFICATION_TYPES } from '../../../shared/notifications';
import type { AppDeps } from '../../deps';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { requireUser } from '../accounts/guards';
import { deleteNotification, getNotification, listNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from './service';
import { text } from '../../../shared/text';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const denied = { 401: errorSchemaRef };
const byId = z.object({ id: z.uuid('Invalid notification id.') });

const notification = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
  relatedUser: z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable() }).nullable(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});

const getList = createRoute({
  method: 'get',
  path: '/notifications',
  ...access.user,
  summary: 'My notifications, newest first, paginated',
  request: { query: z.object({ before: text().max(100).optional(), limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE) }) },
  responses: { 200: json(z.object({ items: z.array(notification), nextCursor: z.string().nullable() })), 400: errorSchemaRef, ...denied },
});
const getUnread = createRoute({ method: 'get', path: '/notifications/unread-count', ...access.user, summary: 'My unread notifications', responses: { 200: json(z.object({ count: z.number() })), ...denied } });
const getOne = createRoute({
  method: 'get',
  path: '/notifications/{id}',
  ...access.user,
  summary: 'One of my notifications',
  request: { params: byId },
  responses: { 200: json(notification), 404: errorSchemaRef, ...denied },
});
const postReadAll = createRoute({ method: 'post', path: '/notifications/read-all', ...access.user, summary: 'Mark all my notifications read', responses: { 200: json(z.object({ updated: z.number() })), ...denied } });
const postRead = createRoute({
  method: 'post',
  path: '/notifications/{id}/read',
  ...access.user,
  summary: 'Mark one of my notifications read',
  request: { params: byId },
  responses: { 200: json(z.object({ ok: z.literal(true) })), 404: errorSchemaRef, ...denied },
});
const deleteOne = createRoute({
  method: 'delete',
  path: '/notifications/{id}',
  ...access.user,
  summary: 'Delete one of my notifications',
  request: { params: byId },
  responses: { 200: json(z.object({ ok: z.literal(true) })), 404: errorSchemaRef, ...denied },
});

/** Notifications (spec 000 §3, §4): only the owner reads or changes them; someone else's answer 404. */
export function notificationRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/notifications', requireUser(deps));
  router.use('/notifications/*', requireUser(deps));
  return router
    .openapi(getList, async (c) => {
      const { before, limit } = c.req.valid('query');
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listNotifications(deps.database.db, c.get('user').id, before, limit), 200);
    })
    .openapi(getUnread, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ count: await unreadNotificationCount(deps.database.db, c.get('user').id) }, 200);
    })
    .openapi(postReadAll, async (c) => c.json({ updated: await markAllNotificationsRead(deps, c.get('user').id) }, 200))
    .openapi(getOne, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await getNotification(deps.database.db, c.get('user').id, c.req.valid('param').id), 200);
    })
    .openapi(postRead, async (c) => {
      await markNotificationRead(deps, c.get('user').id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(deleteOne, async (c) => {
      await deleteNotification(deps, c.get('user').id, c.req.valid('param').id);
      return c.json({ ok: true as const }, 200);
    });
}
