import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { capCount } from '@/lib/utils';
import { unreadNotificationsQuery } from './api';

/** The header's bell with the unread count (99+), kept live by useNotificationEvents. */
export function NotificationsBell() {
  const { data: unread = 0 } = useQuery(unreadNotificationsQuery);
  return (
    <Button asChild variant="ghost" size="icon" className="relative" aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}>
      <Link to="/notifications">
        <Bell aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="notifications-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[10px] leading-5 font-bold text-destructive-foreground"
          >
            {capCount(unread)}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
