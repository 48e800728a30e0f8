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
