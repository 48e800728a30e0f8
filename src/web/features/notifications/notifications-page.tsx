import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Bell, CheckCheck, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { NOTIFICATION_TEXT } from '@shared/notifications';
import { notificationsQuery, unreadNotificationsQuery, useMarkAllNotificationsRead } from './api';
import { NotificationItem } from './notification-item';

/** /notifications: the list, newest first, with Mark All Read, single read and delete. */
export default function NotificationsPage() {
  const list = useInfiniteQuery(notificationsQuery);
  const { data: unread = 0 } = useQuery(unreadNotificationsQuery);
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 pb-24 md:pb-8">
      <div className="mb-6 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notifications</h1>
        <Button variant="outline" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate(undefined)}>
          <CheckCheck aria-hidden /> Mark All Read
        </Button>
      </div>
      {list.isPending ? (
        <ul className="space-y-3" aria-label="Loading notifications">
          {Array.from({ length: 4 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-20 w-full" />
            </li>
          ))}
        </ul>
      ) : list.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
          <TriangleAlert className="size-8 text-destructive" aria-hidden />
          <p className="font-medium">{NOTIFICATION_TEXT.loadFailed}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div role="status" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
          <Bell className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No notifications yet</p>
          <p className="text-sm text-muted-foreground">Follows, messages, matches and forum activity will show up here.</p>
        </div>
      ) : (
        <>
          <ul className="space-y-3">
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="mt-4 flex justify-center">
              <Button variant="outline" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
