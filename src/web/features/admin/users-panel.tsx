import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { ADMIN_SEARCH_DEBOUNCE_MS, ADMIN_TEXT, type AdminUser, type AdminUserFilter } from '@shared/admin';
import { messageOf, useAdminUsers, useBanUser, useBlockEmail, useCancelSubscription, useUnbanUser, useUnblockEmail } from './api';
import { Pager } from './audit-panel';
import { BanDialog } from './ban-dialog';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { Empty, formatDate, ListSkeleton, LoadFailed, ScrollList } from './shared';

const FILTERS: { value: AdminUserFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'premium', label: 'Premium' },
  { value: 'founding', label: 'Founding' },
  { value: 'banned', label: 'Banned' },
  { value: 'admins', label: 'Admins' },
];

/** Search (300 ms after typing stops), filters, pages of users newest first, and per-user actions. */
export function UsersPanel({ myId }: { myId: string }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<AdminUserFilter>('all');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, ADMIN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useAdminUsers(q, filter, page);
  useEffect(() => {
    if (users.isError) toast.error(ADMIN_TEXT.usersError);
  }, [users.isError]);

  return (
    <div className="space-y-3">
      <div className="relative">
        <Search className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by username, name or email..."
          className="pl-9"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
      <SegmentedControl
        label="Filter users"
        variant="chips"
        value={filter}
        onValueChange={(v) => {
          setFilter(v);
          setPage(1);
        }}
        options={FILTERS}
      />
      {users.isPending ? (
        <ListSkeleton />
      ) : users.isError ? (
        <LoadFailed title={ADMIN_TEXT.usersError} detail="Could not load users..." onRetry={() => void users.refetch()} />
      ) : users.data.users.length === 0 ? (
        <Empty>No users match.</Empty>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            {users.data.total.toLocaleString()} user{users.data.total === 1 ? '' : 's'}
          </p>
          <ScrollList label="Users">
            {users.data.users.map((u) => (
              <UserRow key={u.id} user={u} isMe={u.id === myId} />
            ))}
          </ScrollList>
          <Pager page={page} pages={Math.max(1, Math.ceil(users.data.total / users.data.pageSize))} onPage={setPage} />
        </>
      )}
    </div>
  );
}

function UserRow({ user: u, isMe }: { user: AdminUser; isMe: boolean }) {
  const [banning, setBanning] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const ban = useBanUser();
  const unban = useUnbanUser();
  const block = useBlockEmail();
  const unblock = useUnblockEmail();
  const cancel = useCancelSubscription();
  // The server refuses these too (ruling 27); the buttons are only hidden.
  const mayBan = !isMe && !u.isAdmin;
  return (
    <li className="rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">@{u.username}</span>
        {u.foundingMember ? <Badge variant="gold">Founding</Badge> : null}
        {u.isAdmin ? <Badge>Admin</Badge> : null}
        {u.isPremium && !u.foundingMember && !u.isAdmin ? <Badge variant="secondary">Premium</Badge> : null}
        {u.isBanned ? (
          <Badge variant="outline" className="border-destructive text-destructive">
            Banned
          </Badge>
        ) : null}
        {u.emailBlocked ? <Badge variant="outline">Email blocked</Badge> : null}
      </div>
      <p className="mt-1 break-all text-muted-foreground">{u.email}</p>
      <p className="text-xs text-muted-foreground">
        <span className="break-all">{u.id}</span> · <span className="whitespace-nowrap">joined {formatDate(u.createdAt)}</span>
      </p>
      {u.isBanned && u.banReason ? <p className="mt-1 text-xs">Reason: {u.banReason}</p> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button asChild size="sm" variant="ghost">
          <Link to={`/profile/${u.id}`}>Open profile</Link>
        </Button>
        {u.isBanned ? (
          <Button
            size="sm"
            variant="outline"
            disabled={unban.isPending}
            onClick={() => unban.mutate(u.id, { onSuccess: () => toast.success('User unbanned'), onError: (e) => toast.error(`Could not unban user: ${messageOf(e)}`) })}
          >
            Unban
          </Button>
        ) : mayBan ? (
          <Button size="sm" variant="destructive" onClick={() => setBanning(true)}>
            Ban
          </Button>
        ) : null}
        {u.hasSubscription ? (
          <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => setCancelling(true)}>
            Cancel subscription
          </Button>
        ) : null}
        {u.emailBlocked ? (
          <Button
            size="sm"
            variant="outline"
            disabled={unblock.isPending}
            onClick={() => unblock.mutate(u.email, { onSuccess: () => toast.success('Email unblocked'), onError: () => toast.error(ADMIN_TEXT.unblockFailed) })}
          >
            Unblock email
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            disabled={block.isPending || isMe}
            onClick={() => block.mutate(u.email, { onSuccess: () => toast.success('Email blocked'), onError: () => toast.error(ADMIN_TEXT.blockFailed) })}
          >
            Block email
          </Button>
        )}
      </div>
      <BanDialog
        username={u.username}
        open={banning}
        busy={ban.isPending}
        onOpenChange={setBanning}
        onBan={(reason) =>
          ban.mutate(
            { id: u.id, reason },
            {
              onSuccess: () => {
                setBanning(false);
                toast.success('User banned', { description: `@${u.username} was banned and signed out.` });
              },
              onError: (e) => toast.error(ADMIN_TEXT.banFailed(messageOf(e))),
            },
          )
        }
      />
      <ConfirmDialog
        open={cancelling}
        onOpenChange={setCancelling}
        title={`Cancel @${u.username}'s subscription?`}
        description="It ends now, not at the end of the period: they lose Premium at once and are not charged again."
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        onConfirm={() => cancel.mutate(u.id, { onSuccess: () => toast.success('Subscription cancelled'), onError: (e) => toast.error(ADMIN_TEXT.cancelFailed(messageOf(e))) })}
      />
    </li>
  );
}
