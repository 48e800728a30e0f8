import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Skeleton } from '@/components/ui/skeleton';
import type { FollowListEntry } from '@shared/social';
import { useFollowLists, useRemoveFollower, useUnfollowFromList } from './api';
import { displayName, ProfileAvatar } from './profile-avatar';
import { useDebounced } from '@/lib/use-debounced';

export type FollowTab = 'followers' | 'following';
const LOAD_ERROR = 'Failed to load followers and following. Please try again.';

/** Followers and following of a user: tabs with counts, a search box; on one's own profile, Unfollow and Remove. */
export function FollowListsDialog({
  open,
  onOpenChange,
  userId,
  isOwn,
  tab,
  onTabChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  isOwn: boolean;
  tab: FollowTab;
  onTabChange: (tab: FollowTab) => void;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 300);
  const lists = useFollowLists(userId, q, open);
  const unfollow = useUnfollowFromList();
  const remove = useRemoveFollower();

  useEffect(() => {
    if (lists.isError) toast.error('Error', { description: LOAD_ERROR });
  }, [lists.isError]);

  const entries = lists.data ? lists.data[tab] : [];
  const busy = (id: string) => (unfollow.isPending && unfollow.variables === id) || (remove.isPending && remove.variables === id);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Connections</DialogTitle>
          <DialogDescription className="sr-only">Followers and following</DialogDescription>
        </DialogHeader>
        <SegmentedControl
          label="Followers or following"
          value={tab}
          onValueChange={onTabChange}
          className="w-full [&>*]:flex-1"
          options={[
            { value: 'followers', label: `Followers (${lists.data?.followersCount ?? '…'})` },
            { value: 'following', label: `Following (${lists.data?.followingCount ?? '…'})` },
          ]}
        />
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <Input type="search" aria-label="Search users" placeholder="Search users..." className="pl-9" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="min-h-40">
          {lists.isPending ? (
            <ul className="space-y-3" aria-busy>
              {[0, 1, 2].map((i) => (
                <li key={i} className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full" />
                  <Skeleton className="h-4 w-40" />
                </li>
              ))}
            </ul>
          ) : lists.isError ? (
            <div className="flex flex-col items-center gap-3 py-6 text-center">
              <p role="alert" className="text-sm text-destructive">
                {LOAD_ERROR}
              </p>
              <Button variant="outline" size="sm" onClick={() => lists.refetch()}>
                Try again
              </Button>
            </div>
          ) : entries.length === 0 ? (
            <p className="py-8 text-center text-sm text-muted-foreground">
              {q ? 'No users match your search.' : tab === 'followers' ? 'No followers yet.' : 'Not following anyone yet.'}
            </p>
          ) : (
            <ul className="max-h-[50vh] space-y-1 overflow-y-auto" aria-label={tab === 'followers' ? 'Followers' : 'Following'}>
              {entries.map((entry) => (
                <Row key={entry.id} entry={entry} onNavigate={() => onOpenChange(false)}>
                  {isOwn ? (
                    tab === 'following' ? (
                      <Button size="sm" variant="outline" disabled={busy(entry.id)} onClick={() => unfollow.mutate(entry.id)}>
                        Unfollow
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline" disabled={busy(entry.id)} onClick={() => remove.mutate(entry.id)}>
                        Remove
                      </Button>
                    )
                  ) : null}
                </Row>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Row({ entry, onNavigate, children }: { entry: FollowListEntry; onNavigate: () => void; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3 rounded-md px-1 py-1.5 hover:bg-accent/50">
      <Link
        to={`/profile/${entry.id}`}
        onClick={onNavigate}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ProfileAvatar user={entry} />
        <span className="min-w-0">
          <span className="block truncate font-medium">{displayName(entry)}</span>
          <span className="block truncate text-xs text-muted-foreground">@{entry.username}</span>
        </span>
      </Link>
      {children}
    </li>
  );
}
