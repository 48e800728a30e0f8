import { infiniteQueryOptions, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '@/lib/api';
import { notificationsApi } from '@shared/api/notifications';
import { NOTIFICATION_TEXT } from '@shared/notifications';

/** Fetchers, query options and hooks of notifications. Every key starts from `notificationKeys`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  one: (id: string) => [...notificationKeys.all, 'one', id] as const,
};

// ---- Fetchers (typed by src/shared/api/notifications.ts) ----

export const fetchNotifications = (before: string | null, signal?: AbortSignal) => call(notificationsApi.list, { query: { before: before ?? undefined } }, { signal });
export const fetchNotification = (id: string) => call(notificationsApi.one, { params: { id } });

export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 10_000,
});

/**
 * The bell's count. Fetched once, then kept by the event stream: the server pushes the count with
 * every change (`unread-counts`, decision 016), and the tab refetches it only on (re)connecting, so it
 * is never stale while the stream is up and no tab asks for it again and again.
 */
export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => call(notificationsApi.unreadCount, {}, { signal }),
  select: (d) => d.count,
  staleTime: Infinity,
});

/** Refetches what lists notifications; the count is left to the stream's pushes. */
export const refreshNotificationLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationKeys.all, predicate: (q) => q.queryKey[1] !== 'unread' });

export const notificationQuery = (id: string) => queryOptions({ queryKey: notificationKeys.one(id), queryFn: () => fetchNotification(id), staleTime: 60_000 });

// ---- Mutations ----

function useNotificationMutation<V>(fn: (v: V) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onError: () => toast.error(failure),
    onSettled: () => refreshNotificationLists(queryClient),
  });
}

export const useMarkNotificationRead = () => useNotificationMutation((id: string) => call(notificationsApi.markRead, { params: { id } }), NOTIFICATION_TEXT.markReadFailed);
export const useMarkAllNotificationsRead = () => useNotificationMutation(() => call(notificationsApi.markAllRead), NOTIFICATION_TEXT.markAllFailed);
export const useDeleteNotification = () => useNotificationMutation((id: string) => call(notificationsApi.remove, { params: { id } }), NOTIFICATION_TEXT.deleteFailed);
