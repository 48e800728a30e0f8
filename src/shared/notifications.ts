import { z } from 'zod';
import { text } from './text';

/** Every notification type of spec 000 §3. */
export const NOTIFICATION_TYPES = [
  'message',
  'follow',
  'new_follower',
  'favorite',
  'new_favorite_from_following',
  'match',
  'new_match',
  'forum_like',
  'forum_reply',
  'forum_thread',
  'forum_mention',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The events a user sets a preference for (profiles.notify_on_*); ruling 8 says what each value does. */
export type NotifyEvent = 'follow' | 'favorite' | 'message' | 'match' | 'forum';

export const notificationViewSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    message: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
    /** Who the notification is about (the follower, the sender), when the account still exists. */
    relatedUser: z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable() }).nullable(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  })
  .meta({ id: 'Notification' });
export type NotificationView = z.output<typeof notificationViewSchema>;

export const notificationPageSchema = z
  .object({
    items: z.array(notificationViewSchema),
    /** Pass as ?before= to get the next (older) page; null at the end. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.output<typeof notificationPageSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

/**
 * The dashboard's Recent Activity chips (ruling 22): each kind is a group of notification types.
 * `all` is every type.
 */
export const NOTIFICATION_KINDS = {
  follows: ['follow', 'new_follower'],
  favorites: ['favorite', 'new_favorite_from_following'],
  messages: ['message'],
  matches: ['match', 'new_match'],
  forums: ['forum_like', 'forum_reply', 'forum_thread', 'forum_mention'],
} as const satisfies Record<string, readonly NotificationType[]>;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS | 'all';
export const NOTIFICATION_KIND_NAMES = ['all', ...(Object.keys(NOTIFICATION_KINDS) as (keyof typeof NOTIFICATION_KINDS)[])] as const;

/** GET /api/notifications: a page of at most `limit`, older than the `before` cursor. */
export const notificationListQuerySchema = z.object({
  before: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
  /** Only this kind (the dashboard's chips); all when absent. */
  kind: z.enum(NOTIFICATION_KIND_NAMES).default('all'),
});

export const notificationIdParamsSchema = z.object({ id: z.uuid('Invalid notification id.') });

export const NOTIFICATION_TEXT = {
  loadFailed: 'Failed to load notifications. Please try again.',
  markReadFailed: 'Failed to mark notification as read.',
  deleteFailed: 'Failed to delete notification.',
  markAllFailed: 'Failed to mark all notifications as read.',
  notFound: 'Notification not found',
} as const;
