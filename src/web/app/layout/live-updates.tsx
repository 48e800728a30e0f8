import { type Query, useQueryClient } from '@tanstack/react-query';
import { foundingQuery } from '@/features/landing/founding-banner';
import { listKeys } from '@/features/lists/api';
import { useMessageEvents } from '@/features/messages/use-message-events';
import { useNotificationEvents } from '@/features/notifications/use-notification-events';
import { profileKeys } from '@/features/profiles/api';
import { sessionQuery } from '@/features/auth/session';
import { RealtimeProvider, type StreamEventOf, useRealtimeEvent } from '@/lib/realtime';

/** Spec 000 §4: the follower list refreshes 500 ms after a follow change. */
const FOLLOWER_LIST_DELAY_MS = 500;

/** Queries of the profiles feature that show this user (keyed by id, or by username with the data's id). */
const showsUser = (q: Query, userId: string) =>
  q.queryKey[0] === profileKeys.all[0] && ((q.state.data as { id?: string } | undefined)?.id === userId || JSON.stringify(q.queryKey).includes(JSON.stringify(userId)));

/**
 * The tab's event stream and what it changes across features, matched by the ids the events carry.
 * The stream opens in the same commit as the handlers below register (the child's effects run first;
 * no event can arrive before they have), so nothing reaches a tab that has no handler yet.
 * A refused stream (the session ended elsewhere) makes the app recheck the session.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  return (
    <RealtimeProvider enabled onRefused={() => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })}>
      <LiveHandlers />
    </RealtimeProvider>
  );
}

function LiveHandlers() {
  const queryClient = useQueryClient();
  useNotificationEvents();
  useMessageEvents();

  const profileChanged = ({ userId }: StreamEventOf<'profile-updated' | 'follower-stats-changed'>) => {
    void queryClient.invalidateQueries({ predicate: (q) => showsUser(q, userId) && !q.queryKey.includes('follows') });
    void queryClient.invalidateQueries({ queryKey: listKeys.profile(userId) });
    // The follower list refreshes a little later (spec 000 §4).
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: [...profileKeys.all, 'follows', userId] }), FOLLOWER_LIST_DELAY_MS);
  };
  useRealtimeEvent('profile-updated', profileChanged);
  useRealtimeEvent('follower-stats-changed', profileChanged);

  useRealtimeEvent('favorite-count', ({ mediaType, mediaId }) => void queryClient.invalidateQueries({ queryKey: listKeys.favoriteCount(mediaType, mediaId) }));

  useRealtimeEvent('founding-count', () => void queryClient.invalidateQueries({ queryKey: foundingQuery.queryKey }));
  return null;
}
