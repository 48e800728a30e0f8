import { z } from 'zod';
import { notificationIdParamsSchema, notificationListQuerySchema, notificationPageSchema, notificationViewSchema } from '../notifications';
import { defineRoutes } from './contract';
import { ownerOnly, signedIn } from './authz';

const tags = ['Notifications'];
const ok = z.object({ ok: z.literal(true) });
const count = z.object({ count: z.number().int() });

/** Notifications (spec 000 §3, §4): only the owner reads or changes them; someone else's answer 404. */
export const notificationsApi = defineRoutes({
  list: {
    authz: signedIn,
    method: 'get',
    path: '/notifications',
    access: 'user',
    tags,
    summary: 'My notifications, newest first, paginated',
    query: notificationListQuerySchema,
    status: 200,
    response: notificationPageSchema,
  },
  unreadCount: { authz: signedIn, method: 'get', path: '/notifications/unread-count', access: 'user', tags, summary: 'My unread notifications', status: 200, response: count },
  one: {
    authz: ownerOnly('notification'),
    method: 'get',
    path: '/notifications/{id}',
    access: 'user',
    tags,
    summary: 'One of my notifications',
    params: notificationIdParamsSchema,
    status: 200,
    response: notificationViewSchema,
    errors: [404],
  },
  markAllRead: {
    authz: signedIn,
    method: 'post',
    path: '/notifications/read-all',
    access: 'user',
    tags,
    summary: 'Mark all my notifications read',
    status: 200,
    response: z.object({ updated: z.number().int() }),
  },
  markRead: {
    authz: ownerOnly('notification'),
    method: 'post',
    path: '/notifications/{id}/read',
    access: 'user',
    tags,
    summary: 'Mark one of my notifications read',
    params: notificationIdParamsSchema,
    status: 200,
    response: ok,
    errors: [404],
  },
  remove: {
    authz: ownerOnly('notification'),
    method: 'delete',
    path: '/notifications/{id}',
    access: 'user',
    tags,
    summary: 'Delete one of my notifications',
    params: notificationIdParamsSchema,
    status: 200,
    response: ok,
    errors: [404],
  },
});
