import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import { NOTIFICATION_TEXT, type NotificationPage, type NotificationView } from '@shared/notifications';

/** Fetchers, query options and hooks of notifications. Every key starts from `notificationKeys`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  one: (id: string) => [...notificationKeys.all, 'one', id] as const,
};

export const fetchNotifications = (before: string | null, signal?: AbortSignal) =>
  api<NotificationPage>(`/api/notifications${before ? `?before=${encodeURIComponent(before)}` : ''}`, { signal });
export const fetchNotification = (id: string) => api<NotificationView>(`/api/notifications/${encodeURIComponent(id)}`);

export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
  staleTime: 10_000,
});

export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: ({ signal }) => api<{ count: number }>('/api/notifications/unread-count', { signal }),
  select: (d) => d.count,
  staleTime: 30_000,
});

export const notificationQuery = (id: string) => queryOptions({ queryKey: notificationKeys.one(id), queryFn: () => fetchNotification(id), staleTime: 60_000 });

function useNotificationMutation<V>(fn: (v: V) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onError: () => toast.error(failure),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkNotificationRead = () =>
  useNotificationMutation((id: string) => api(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }), NOTIFICATION_TEXT.markReadFailed);
export const useMarkAllNotificationsRead = () =>
  useNotificationMutation(() => api('/api/notifications/read-all', { method: 'POST' }), NOTIFICATION_TEXT.markAllFailed);
export const useDeleteNotification = () =>
  useNotificationMutation((id: string) => api(`/api/notifications/${encodeURIComponent(id)}`, { method: 'DELETE' }), NOTIFICATION_TEXT.deleteFailed);
