import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/features/auth/session';
import { useRealtimeEvent } from '@/lib/realtime';
import { forgetOutbox, messageKeys, useUnsentMessagesGuard } from './api';
import { clearDrafts } from './drafts';

/** New, read and deleted messages refresh the badge, the conversation list and any open chat. */
export function useMessageEvents() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  useRealtimeEvent('message', (event) => {
    // The badge moves at once; the refetch below confirms the count.
    if (user && event.to === user.id) queryClient.setQueryData(messageKeys.unread(), (old: { count: number } | undefined) => (old ? { count: old.count + 1 } : old));
    refresh();
  });
  useRealtimeEvent('messages-read', refresh);
  useRealtimeEvent('connected', refresh);
  useRealtimeEvent('conversation-deleted', refresh);
  // Mounted while someone is signed in: unsent messages hold the page; at sign-out they go, with the drafts.
  useUnsentMessagesGuard();
  useEffect(
    () => () => {
      clearDrafts();
      forgetOutbox(queryClient);
    },
    [queryClient],
  );
}
