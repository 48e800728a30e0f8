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
export type NotifyEvent = 'follow' | 'favorite' | 'message' | 'match';

export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  createdAt: string;
  relatedUser: { id: string; username: string; fullName: string | null; avatarUrl: string | null } | null;
  data: Record<string, string | number | boolean | null>;
}

export interface NotificationPage {
  items: NotificationView[];
  /** Pass as ?before= to get the next (older) page; null at the end. */
  nextCursor: string | null;
}

export const NOTIFICATION_PAGE_SIZE = 20;

export const NOTIFICATION_TEXT = {
  loadFailed: 'Failed to load notifications. Please try again.',
  markReadFailed: 'Failed to mark notification as read.',
  deleteFailed: 'Failed to delete notification.',
  markAllFailed: 'Failed to mark all notifications as read.',
  notFound: 'Notification not found',
} as const;
