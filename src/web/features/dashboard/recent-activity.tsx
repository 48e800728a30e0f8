import { useQuery } from '@tanstack/react-query';
import { Bell, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { UserAvatar } from '@/components/ui/user-avatar';
import { cn } from '@/lib/utils';
import { DASHBOARD_TEXT } from '@shared/dashboard';
import { FEED_TEXT } from '@shared/feed';
import type { NotificationKind, NotificationView } from '@shared/notifications';
import { ActivitySkeleton } from './activity-skeleton';
import { activityQuery } from './api';
import type { ActivityLink } from './dashboard';
import { FollowingFeed } from './following-feed';

/** Ruling 22's chips. */
const CHIPS: { value: NotificationKind; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'follows', label: 'Follows' },
  { value: 'favorites', label: 'Favorites' },
  { value: 'messages', label: 'Messages' },
  { value: 'matches', label: 'Matches' },
  { value: 'forums', label: 'Forums' },
];

const ago = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Item({ n, link }: { n: NotificationView; link: ActivityLink }) {
  const to = link(n);
  const name = n.relatedUser?.fullName || n.relatedUser?.username || 'Reelmates';
  const body = (
    <>
      <p className="truncate text-sm font-medium">{n.title}</p>
      <p className="line-clamp-2 text-sm break-words text-muted-foreground">{n.message}</p>
      <time className="text-xs text-muted-foreground" dateTime={n.createdAt}>
        {ago(n.createdAt)}
      </time>
    </>
  );
  return (
    <li className="flex items-start gap-3 py-2" data-testid="activity-item">
      {n.relatedUser ? (
        <UserAvatar name={name} src={n.relatedUser.avatarUrl} className="size-8 text-sm" />
      ) : (
        <span aria-hidden className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Bell className="size-4" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        {to ? (
          <Link to={to} className="block rounded focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none">
            {body}
          </Link>
        ) : (
          body
        )}
      </div>
    </li>
  );
}

type View = 'recent' | 'following';
const VIEWS: { value: View; label: string }[] = [
  { value: 'recent', label: FEED_TEXT.recentTab },
  { value: 'following', label: FEED_TEXT.tab },
];

/**
 * The dashboard's activity card: Recent Activity, the latest 15 notifications of the chosen kind
 * (spec 001 §2, ruling 22), or Following, what the people the user follows did (decision 052).
 */
export function RecentActivity({ className, link }: { className?: string; link: ActivityLink }) {
  const [view, setView] = useState<View>('recent');
  return (
    <Card className={cn('min-w-0', className)} data-testid="recent-activity">
      <CardHeader className="gap-3">
        <CardTitle className="sr-only">{view === 'recent' ? FEED_TEXT.recentTab : FEED_TEXT.tab}</CardTitle>
        <SegmentedControl label="Activity" value={view} onValueChange={setView} options={VIEWS} className="self-start" />
      </CardHeader>
      <CardContent>{view === 'recent' ? <Notifications link={link} /> : <FollowingFeed />}</CardContent>
    </Card>
  );
}

function Notifications({ link }: { link: ActivityLink }) {
  const [kind, setKind] = useState<NotificationKind>('all');
  const activity = useQuery(activityQuery(kind));
  return (
    <div className="flex flex-col gap-4">
      <SegmentedControl label="Filter activity" variant="chips" value={kind} onValueChange={setKind} options={CHIPS} className="flex-wrap" />
      {activity.isPending ? (
        <ActivitySkeleton label="Loading activity" lineWidth="w-2/3" />
      ) : activity.isError ? (
        <div className="flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-destructive">{DASHBOARD_TEXT.activityFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void activity.refetch()}>
            <RefreshCw aria-hidden /> Retry
          </Button>
        </div>
      ) : activity.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{DASHBOARD_TEXT.activityEmpty}</p>
      ) : (
        <ul className="max-h-80 lg:max-h-[26rem] divide-y overflow-y-auto pr-1" aria-label="Recent activity">
          {activity.data.items.map((n) => (
            <Item key={n.id} n={n} link={link} />
          ))}
        </ul>
      )}
    </div>
  );
}
