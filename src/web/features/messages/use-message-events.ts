import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime';
import { messageKeys } from './api';

/** New, read and deleted messages refresh the badge, the conversation list and any open chat. */
export function useMessageEvents() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  useRealtimeEvent('message', refresh);
  useRealtimeEvent('messages-read', refresh);
  useRealtimeEvent('conversation-deleted', refresh);
}
