import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime';
import { forumKeys } from './api';

/**
 * Live forums (issue 15 part 6): a thread created, deleted or pinned refreshes its forum's list; a
 * reply, edit or like refreshes the open thread and the list's counts. Events carry ids only. A page
 * fetches before its stream is open, so what changed in between is fetched again once it opens
 * (after a drop, the stream replays what was missed).
 */
export function useForumLive() {
  const queryClient = useQueryClient();
  useRealtimeEvent('forum-threads-changed', (e) => void queryClient.invalidateQueries({ queryKey: forumKeys.threads(e.forumId) }));
  useRealtimeEvent('connected', () => void queryClient.invalidateQueries({ queryKey: forumKeys.all }));
  useRealtimeEvent('forum-thread-changed', (e) => {
    void queryClient.invalidateQueries({ queryKey: forumKeys.thread(e.threadId) });
    void queryClient.invalidateQueries({ queryKey: forumKeys.threads(e.forumId) });
  });
}
