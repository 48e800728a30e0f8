import type { NotificationView } from '@shared/notifications';

const str = (v: unknown) => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);
const mediaType = (v: unknown) => (v === 'movie' || v === 'tv' ? v : null);

/** Where a notification leads (spec 000 §3 types), or null for 'other'. */
export function notificationLink(n: Pick<NotificationView, 'type' | 'data' | 'relatedUser'>): string | null {
  const d = n.data;
  const relatedId = n.relatedUser?.id ?? str(d.followerId) ?? str(d.userId);
  const title = () => {
    const type = mediaType(d.mediaType);
    const id = str(d.mediaId);
    return type && id ? `/details/${type}/${encodeURIComponent(id)}` : null;
  };
  switch (n.type) {
    case 'follow':
    case 'new_follower':
      return relatedId ? `/profile/${encodeURIComponent(relatedId)}` : null;
    case 'message': {
      const other = str(d.conversationWith) ?? relatedId;
      return other ? `/messages?conversation_with=${encodeURIComponent(other)}` : '/messages';
    }
    case 'favorite':
    case 'new_favorite_from_following':
      return title();
    case 'match':
    case 'new_match':
      return '/matches';
    case 'forum_like':
    case 'forum_reply':
    case 'forum_thread':
    case 'forum_mention': {
      const thread = str(d.threadId);
      return thread ? `/forums/threads/${encodeURIComponent(thread)}` : (title() ?? '/discover');
    }
    default:
      return null;
  }
}
