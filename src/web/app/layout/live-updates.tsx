import { type Query, useQueryClient } from '@tanstack/react-query';
import { foundingQuery } from '@/features/landing/founding-banner';
import { useMessageEvents } from '@/features/messages/use-message-events';
import { useNotificationEvents } from '@/features/notifications/use-notification-events';
import { type RealtimeEvent, useRealtimeEvent } from '@/lib/realtime';

/** Spec 000 §4: the follower list refreshes 500 ms after a follow change. */
const FOLLOWER_LIST_DELAY_MS = 500;

const keyHas = (q: Query, ...parts: unknown[]) => parts.every((p) => q.queryKey.includes(p));
const keyText = (q: Query) => JSON.stringify(q.queryKey).toLowerCase();

/**
 * What the tab's event stream changes across features. Profile and favorite queries belong to
 * features that key them by the user or the title; they are matched by the ids the event carries.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useNotificationEvents();
  useMessageEvents();

  const profileChanged = (event: RealtimeEvent) => {
    const userId = event.userId;
    if (typeof userId !== 'string') return;
    const aboutUser = (q: Query) => keyText(q).includes('profile') && keyHas(q, userId);
    void queryClient.invalidateQueries({ predicate: (q) => aboutUser(q) && !keyText(q).includes('follow') });
    setTimeout(() => void queryClient.invalidateQueries({ predicate: (q) => aboutUser(q) || keyText(q).includes('follow') }), FOLLOWER_LIST_DELAY_MS);
  };
  useRealtimeEvent('profile-updated', profileChanged);
  useRealtimeEvent('follower-stats-changed', profileChanged);

  useRealtimeEvent('favorite-count', (event) => {
    const { mediaType, mediaId } = event;
    if (typeof mediaType !== 'string' || mediaId === null || mediaId === undefined) return;
    void queryClient.invalidateQueries({
      predicate: (q) => keyText(q).includes('favorite') && keyHas(q, mediaType) && (keyHas(q, mediaId) || keyHas(q, String(mediaId)) || keyHas(q, Number(mediaId))),
    });
  });

  useRealtimeEvent('founding-count', () => void queryClient.invalidateQueries({ queryKey: foundingQuery.queryKey }));
  return null;
}
