import { describe, expect, it } from 'vitest';
import { parseRealtimeEvent, type RealtimeEvent, type RealtimeEventType, realtimeEventSchema } from './realtime';

/** One of every event the server publishes, with the fields it sends. */
const EVERY_EVENT: { [T in RealtimeEventType]: Extract<RealtimeEvent, { type: T }> } = {
  message: { type: 'message', id: 'm1', from: 'u1', to: 'u2' },
  notification: { type: 'notification', id: 'n1', popup: true },
  'messages-read': { type: 'messages-read', by: 'u1', with: 'u2' },
  'conversation-deleted': { type: 'conversation-deleted', by: 'u1', with: 'u2' },
  'unread-counts': { type: 'unread-counts', notifications: 3, messages: 1, version: 812 },
  'notifications-changed': { type: 'notifications-changed' },
  'profile-updated': { type: 'profile-updated', userId: 'u1' },
  'follower-stats-changed': { type: 'follower-stats-changed', userId: 'u1' },
  'favorite-count': { type: 'favorite-count', mediaType: 'movie', mediaId: 550 },
  'forum-threads-changed': { type: 'forum-threads-changed', forumId: 'f1' },
  'forum-thread-changed': { type: 'forum-thread-changed', forumId: 'f1', threadId: 't1' },
  'feed-changed': { type: 'feed-changed' },
  'data-export': { type: 'data-export', id: 'x1', status: 'ready' },
  'import-progress': { type: 'import-progress', id: 'i1', processed: 25, total: 200, status: 'running' },
  'founding-count': { type: 'founding-count' },
  resync: { type: 'resync' },
};

describe('the realtime event union', () => {
  it('parses every event shape the server publishes, unchanged', () => {
    for (const event of Object.values(EVERY_EVENT)) expect(parseRealtimeEvent(event), event.type).toEqual(event);
    // The mapped type above forces one entry per member; the schema has no member the map lacks.
    expect(realtimeEventSchema.options.map((o) => o.shape.type.value).sort()).toEqual(Object.keys(EVERY_EVENT).sort());
  });

  it('refuses an unknown type, a missing or mistyped field, and what is not an object', () => {
    const malformed: unknown[] = [
      { type: 'typing', by: 'u1' },
      { id: 'm1', from: 'u1', to: 'u2' },
      { type: 'message', id: 'm1', from: 'u1' },
      { type: 'message', id: 'm1', from: 'u1', to: 42 },
      { type: 'message', id: '', from: 'u1', to: 'u2' },
      { type: 'notification', id: 'n1', popup: 'yes' },
      { type: 'messages-read', by: 'u1' },
      { type: 'profile-updated' },
      { type: 'favorite-count', mediaType: 'book', mediaId: 1 },
      { type: 'favorite-count', mediaType: 'tv', mediaId: '1396' },
      { type: 'favorite-count', mediaType: 'tv', mediaId: 1.5 },
      { type: 42 },
      null,
      'message',
      [],
    ];
    for (const bad of malformed) expect(parseRealtimeEvent(bad), JSON.stringify(bad)).toBeNull();
  });

  it('keeps only the declared fields of an event (a field it does not declare is dropped, never passed on)', () => {
    expect(parseRealtimeEvent({ type: 'profile-updated', userId: 'u1', content: 'secret' })).toEqual({ type: 'profile-updated', userId: 'u1' });
  });
});
