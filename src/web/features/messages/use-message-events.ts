import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtimeEvent } from '@/lib/realtime';
import { forgetOutbox, messageKeys, refreshMessages, useUnsentMessagesGuard } from './api';
import { clearDrafts } from './drafts';

/** The newest pushed count's version: a push older than the one shown is ignored (they may cross). */
let shownVersion = 0;

/**
 * New, read and deleted messages refresh the conversation list and any open chat; the badge is set
 * from the server's `unread-counts` pushes, and refetched only when the stream (re)connects.
 */
export function useMessageEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void refreshMessages(queryClient);
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  useRealtimeEvent('message', refresh);
  useRealtimeEvent('messages-read', refresh);
  useRealtimeEvent('conversation-deleted', refresh);
  useRealtimeEvent('unread-counts', (event) => {
    if (event.version < shownVersion) return;
    shownVersion = event.version;
    queryClient.setQueryData(messageKeys.unread(), { count: event.messages });
  });
  // Before the stream first opened: everything once. After a drop (missed events are replayed): the count once.
  useRealtimeEvent('connected', refetchAll);
  useRealtimeEvent('reconnected', () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread() }));
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
