import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/realtime';
import { dashboardKeys } from './api';

/**
 * Live dashboard: a new notification is new activity (and may be a follower or a match, so the
 * summary too); read or deleted notifications change the activity; `feed-changed` refetches the
 * Following tab. Not on `connected`: the page's
 * own first requests are that fresh, and refetching then would make the dashboard three requests.
 */
export function useDashboardEvents() {
  const queryClient = useQueryClient();
  const activity = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.activityAll });
  const both = () => {
    activity();
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.summary });
  };
  useRealtimeEvent('notification', both);
  useRealtimeEvent('notifications-changed', activity);
  // Someone followed did something the Following tab may show, or changed who may see it.
  const feed = () => void queryClient.invalidateQueries({ queryKey: dashboardKeys.feed });
  useRealtimeEvent('feed-changed', feed);
  useRealtimeEvent('reconnected', () => {
    both();
    feed();
  });
}
