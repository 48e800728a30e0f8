import { useQuery } from '@tanstack/react-query';
import { Bookmark, Heart, UserCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/session';
import { DASHBOARD_TEXT } from '@shared/dashboard';
import type { NotificationView } from '@shared/notifications';
import { dashboardQuery } from './api';
import { PeopleYouMightLike } from './people-you-might-like';
import { QuickActions } from './quick-actions';
import { RecentActivity } from './recent-activity';
import { useDashboardEvents } from './use-dashboard-events';
import { YourStats } from './your-stats';

export type ActivityLink = (n: NotificationView) => string | null;

function Count({ icon, label, value, failed }: { icon: ReactNode; label: string; value: number | undefined; failed: boolean }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-card p-3 sm:p-4" data-testid={`dashboard-count-${label.toLowerCase()}`}>
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <div className="min-w-0">
        {value !== undefined ? (
          <p className="text-xl leading-tight font-bold tabular-nums">{value.toLocaleString()}</p>
        ) : failed ? (
          <p className="text-xl leading-tight font-bold text-muted-foreground">–</p>
        ) : (
          <Skeleton className="h-6 w-10" />
        )}
        <p className="truncate text-sm text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

/**
 * The dashboard above Discover (spec 001 §2, decision 018). Two requests, both in parallel with the
 * grid's own: the summary (greeting name, counts, stats, people) and Recent Activity. Each card
 * shows its own skeleton or error, so a slow or failing dashboard never holds up the grid below.
 */
export function Dashboard({ activityLink }: { activityLink: ActivityLink }) {
  const { user } = useSession();
  const summary = useQuery(dashboardQuery);
  useDashboardEvents();
  const d = summary.data;
  const name = d?.name ?? (user ? user.fullName || user.username : '');
  return (
    <section aria-labelledby="dashboard-heading" className="flex flex-col gap-4" data-testid="dashboard">
      <h2 id="dashboard-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
        {DASHBOARD_TEXT.greeting(name)}
      </h2>
      {summary.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {DASHBOARD_TEXT.loadFailed}{' '}
          <button type="button" className="underline underline-offset-2" onClick={() => void summary.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Count icon={<Heart className="size-4" />} label="Favorites" value={d?.counts.favorites} failed={summary.isError} />
        <Count icon={<Bookmark className="size-4" />} label="Watchlist" value={d?.counts.watchlist} failed={summary.isError} />
        <Count icon={<Users className="size-4" />} label="Followers" value={d?.counts.followers} failed={summary.isError} />
        <Count icon={<UserCheck className="size-4" />} label="Following" value={d?.counts.following} failed={summary.isError} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <RecentActivity className="lg:row-span-2" link={activityLink} />
        <YourStats data={d} failed={summary.isError} />
        <PeopleYouMightLike data={d} failed={summary.isError} />
        <QuickActions className="lg:col-span-2 lg:self-start" />
      </div>
    </section>
  );
}
