import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '@/lib/api';
import { dashboardApi } from '@shared/api/dashboard';
import { notificationsApi } from '@shared/api/notifications';
import { socialApi } from '@shared/api/social';
import { ACTIVITY_ITEMS } from '@shared/dashboard';
import type { NotificationKind } from '@shared/notifications';

/**
 * The dashboard's two requests (decision 018): the summary, and Recent Activity (the latest 15
 * notifications of one kind). Live events refresh them (use-dashboard-events.ts).
 */
export const dashboardKeys = {
  summary: ['dashboard', 'summary'] as const,
  activityAll: ['dashboard', 'activity'] as const,
  activity: (kind: NotificationKind) => ['dashboard', 'activity', kind] as const,
  feed: ['dashboard', 'feed'] as const,
};

export const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.summary,
  queryFn: ({ signal }) => call(dashboardApi.summary, {}, { signal }),
  staleTime: 30_000,
  // Its cards say when it failed (with Try again), so one retry is enough.
  retry: 1,
});

export const activityQuery = (kind: NotificationKind) =>
  queryOptions({
    queryKey: dashboardKeys.activity(kind),
    queryFn: ({ signal }) => call(notificationsApi.list, { query: { limit: ACTIVITY_ITEMS, kind } }, { signal }),
    staleTime: 15_000,
    // The card shows 'Could not load activities.' with a retry button, so fail fast.
    retry: 1,
  });

/**
 * The Following tab (decision 052): pages of what the people the user follows did, newest first;
 * 'Load more' passes the last page's cursor. `feed-changed` events refetch it (use-dashboard-events.ts).
 */
export const feedQuery = infiniteQueryOptions({
  queryKey: dashboardKeys.feed,
  queryFn: ({ pageParam, signal }) => call(dashboardApi.feed, { query: pageParam ? { before: pageParam } : {} }, { signal }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 15_000,
  retry: 1,
});

/** Follow from People You Might Like; the person then leaves the card (the summary is reloaded). */
export function useFollowSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(socialApi.follow, { params: { userId } }),
    onSuccess: () => toast.success('Followed'),
    onError: () => toast.error('Something went wrong.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.summary }),
  });
}
