import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useRealtimeEvent } from '@/lib/realtime';
import { notificationKeys, notificationQuery, refreshNotificationLists } from './api';
import { notificationLink } from './notification-link';

/** The newest pushed count's version: a push older than the one shown is ignored (they may cross). */
let shownVersion = 0;

/**
 * Live notifications for the whole app: the list refetches on every change, the bell's count is
 * set from the server's `unread-counts` pushes (refetched only when the stream (re)connects), and a
 * notification that asks for a popup (preference popup or both) shows a toast with its title and
 * message, fetched by id (events carry ids only).
 */
export function useNotificationEvents() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => void refreshNotificationLists(queryClient);
  const refetchAll = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useRealtimeEvent('notifications-changed', refresh);
  useRealtimeEvent('unread-counts', (event) => {
    if (event.version < shownVersion) return;
    shownVersion = event.version;
    queryClient.setQueryData(notificationKeys.unread(), { count: event.notifications });
  });
  // What changed before the stream first opened is fetched once; after a drop the server replays the
  // missed events, and the count is fetched once more so that a push lost in between cannot stay.
  useRealtimeEvent('connected', refetchAll);
  useRealtimeEvent('reconnected', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.unread() }));
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
