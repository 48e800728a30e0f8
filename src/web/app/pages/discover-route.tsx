import { Dashboard } from '@/features/dashboard';
import { notificationLink } from '@/features/notifications/notification-link';
import DiscoverPage from '@/features/titles/discover-page';

/* /discover composes two features: the dashboard (its activity items lead where a notification
   would) above the titles grid. Each loads on its own, so neither waits for the other. */
export default function DiscoverRoute() {
  return <DiscoverPage dashboard={<Dashboard activityLink={notificationLink} />} />;
}
