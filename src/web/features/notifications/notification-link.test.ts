import { describe, expect, it } from 'vitest';
import type { NotificationView } from '@shared/notifications';
import { notificationLink } from './notification-link';

const base = { relatedUser: { id: 'u1', username: 'ann', fullName: null, avatarUrl: null }, data: {} } as const;
const link = (type: NotificationView['type'], data: NotificationView['data'] = {}, relatedUser: NotificationView['relatedUser'] = base.relatedUser) =>
  notificationLink({ type, data, relatedUser });

describe('notificationLink', () => {
  it('leads each type of spec 000 §3 where it belongs', () => {
    expect(link('new_follower')).toBe('/profile/u1');
    expect(link('follow')).toBe('/profile/u1');
    expect(link('message', { conversationWith: 'u7' })).toBe('/messages?conversation_with=u7');
    expect(link('message')).toBe('/messages?conversation_with=u1');
    expect(link('favorite', { mediaType: 'movie', mediaId: 550 })).toBe('/details/movie/550');
    expect(link('new_favorite_from_following', { mediaType: 'tv', mediaId: '1396' })).toBe('/details/tv/1396');
    expect(link('match')).toBe('/matches');
    expect(link('new_match')).toBe('/matches');
    expect(link('forum_reply', { mediaType: 'tv', mediaId: 1 })).toBe('/details/tv/1');
    expect(link('forum_like')).toBe('/discover');
    expect(link('forum_mention', { threadId: 'abc', mediaType: 'tv', mediaId: 1 })).toBe('/forums/threads/abc');
    expect(link('other')).toBeNull();
  });

  it('gives no profile link when the related user is gone, and refuses odd media types', () => {
    expect(link('new_follower', {}, null)).toBeNull();
    expect(link('favorite', { mediaType: 'javascript:alert(1)', mediaId: 1 })).toBeNull();
  });
});
