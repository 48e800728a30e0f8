import { Bell, Check, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { cn } from '@/lib/utils';
import type { NotificationView } from '@shared/notifications';
import { useDeleteNotification, useMarkNotificationRead } from './api';
import { notificationLink } from './notification-link';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One notification: avatar of the related user, title, message, time, link, mark read and delete. */
export function NotificationItem({ notification: n }: { notification: NotificationView }) {
  const markRead = useMarkNotificationRead();
  const remove = useDeleteNotification();
  const link = notificationLink(n);
  const name = n.relatedUser?.fullName || n.relatedUser?.username || 'Reelmates';
  const body = (
    <>
      <p className="font-medium">{n.title}</p>
      <p className="text-sm break-words text-muted-foreground">{n.message}</p>
      <time className="text-xs text-muted-foreground" dateTime={n.createdAt}>
        {when(n.createdAt)}
      </time>
    </>
  );
  return (
    <li className={cn('flex items-start gap-3 rounded-lg border p-3', !n.read && 'border-primary/40 bg-primary/5')} data-testid="notification">
      {n.relatedUser ? (
        <UserAvatar name={name} src={n.relatedUser.avatarUrl} />
      ) : (
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Bell className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        {link ? (
          <Link to={link} className="block rounded focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none" onClick={() => !n.read && markRead.mutate(n.id)}>
            {body}
          </Link>
        ) : (
          body
        )}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {!n.read ? (
          <>
            <span className="sr-only">Unread</span>
            <Button variant="ghost" size="icon" aria-label={`Mark "${n.title}" as read`} disabled={markRead.isPending} onClick={() => markRead.mutate(n.id)}>
              <Check aria-hidden />
            </Button>
          </>
        ) : null}
        <Button variant="ghost" size="icon" aria-label={`Delete "${n.title}"`} disabled={remove.isPending} onClick={() => remove.mutate(n.id)}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}
