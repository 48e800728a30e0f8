import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useRealtimeEvent } from '@/lib/realtime';
import { notificationKeys, notificationQuery } from './api';
import { notificationLink } from './notification-link';

/**
 * Live notifications for the whole app: counts and the list refetch on every change, and a
 * notification that asks for a popup (preference popup or both) shows a toast with its title and
 * message, fetched by id (events carry ids only).
 */
export function useNotificationEvents() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeEvent('notifications-changed', refresh);
  useRealtimeEvent('connected', refresh);
  useRealtimeEvent('notification', (event) => {
    refresh();
    if (!event.popup) return;
    queryClient
      .fetchQuery(notificationQuery(event.id))
      .then((n) => {
        const link = notificationLink(n);
        toast(n.title, { description: n.message, action: link ? { label: 'View', onClick: () => void navigate(link) } : undefined });
      })
      .catch(() => {
        // Deleted before we could show it: nothing to say.
      });
  });
}
