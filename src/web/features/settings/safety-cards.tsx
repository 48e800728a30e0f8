import { useQuery } from '@tanstack/react-query';
import { Ban, RefreshCw, VolumeX } from 'lucide-react';
import { Link } from 'react-router';
import { blockedUsersQuery, mutedUsersQuery, useBlockToggle, useMuteToggle } from '@/components/safety/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import type { SafetyList, SafetyListEntry } from '@shared/safety';

const since = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

function SafetyListCard({
  id,
  title,
  description,
  empty,
  icon: Icon,
  query,
  action,
  pendingId,
  onAction,
}: {
  id: string;
  title: string;
  description: string;
  empty: string;
  icon: typeof Ban;
  query: { isPending: boolean; isError: boolean; data?: SafetyList; refetch: () => unknown };
  action: 'Unblock' | 'Unmute';
  pendingId: string | null;
  onAction: (u: SafetyListEntry) => void;
}) {
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-primary" aria-hidden /> {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div aria-busy="true" className="space-y-3">
            <Skeleton className="h-12 w-full" />
          </div>
        ) : query.isError || !query.data ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-destructive">
              Could not load this list.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : query.data.users.length === 0 ? (
          <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul aria-label={title} className="divide-y rounded-md border">
            {query.data.users.map((u) => (
              <li key={u.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                <UserAvatar name={u.fullName || u.username} src={u.avatarUrl} className="size-9 shrink-0" />
                <div className="min-w-0 flex-1">
                  <Link to={`/profile/${encodeURIComponent(u.id)}`} className="block truncate font-medium hover:underline">
                    {u.fullName || `@${u.username}`}
                  </Link>
                  <p className="truncate text-xs text-muted-foreground">
                    @{u.username} · since {since(u.since)}
                  </p>
                </div>
                <Button type="button" variant="outline" size="sm" disabled={pendingId === u.id} aria-label={`${action} @${u.username}`} onClick={() => onAction(u)}>
                  {action}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The people I blocked (issue 20 part 1), each with Unblock; follows that the block ended do not come back. */
export function BlockedUsersCard() {
  const query = useQuery(blockedUsersQuery);
  const unblock = useBlockToggle();
  return (
    <SafetyListCard
      id="blocked-users"
      title="Blocked users"
      description="They can't follow you, message you, reply to your posts or mention you, and they see your profile as not found. They aren't told."
      empty="You haven't blocked anyone."
      icon={Ban}
      query={query}
      action="Unblock"
      pendingId={unblock.isPending ? (unblock.variables?.userId ?? null) : null}
      onAction={(u) => unblock.mutate({ userId: u.id, block: false, name: `@${u.username}` })}
    />
  );
}

/** The people I muted (issue 20 part 2), each with Unmute. */
export function MutedUsersCard() {
  const query = useQuery(mutedUsersQuery);
  const unmute = useMuteToggle();
  return (
    <SafetyListCard
      id="muted-users"
      title="Muted users"
      description="Their forum posts are collapsed and their activity doesn't notify you. They aren't told."
      empty="You haven't muted anyone."
      icon={VolumeX}
      query={query}
      action="Unmute"
      pendingId={unmute.isPending ? (unmute.variables?.userId ?? null) : null}
      onAction={(u) => unmute.mutate({ userId: u.id, mute: false, name: `@${u.username}` })}
    />
  );
}
