import { useState } from 'react';
import type { AuditAction } from '@shared/admin';
import { Button } from '@/components/ui/button';
import { useAuditLog } from './api';
import { Empty, ListSkeleton, LoadFailed, ScrollList } from './shared';

const ACTIONS: Record<AuditAction, string> = {
  ban: 'banned',
  unban: 'unbanned',
  dismiss_report: 'dismissed a report on',
  delete_post: 'deleted the post',
  dismiss_post_report: 'dismissed a report on the post',
  block_email: 'blocked',
  unblock_email: 'unblocked',
  cancel_subscription: 'cancelled the subscription of',
  grant_admin: 'made admin',
  revoke_admin: 'removed admin from',
  mark_handled: 'marked handled',
};

/** Every admin action, newest first (ruling 27): who, what, whom, when, why. */
export function AuditPanel() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  if (log.isPending) return <ListSkeleton />;
  if (log.isError) return <LoadFailed title="Error fetching the audit log" detail="Could not load the audit log..." onRetry={() => void log.refetch()} />;
  const { entries, total, pageSize } = log.data;
  if (entries.length === 0) return <Empty>No admin actions yet.</Empty>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-3">
      <ScrollList label="Audit log">
        {entries.map((e) => (
          <li key={e.id} className="rounded-md border p-2 text-sm">
            <p className="break-words">
              <span className="font-medium">{e.actorName}</span> {ACTIONS[e.action]} <span className="font-medium">{e.target}</span>
            </p>
            <p className="text-xs text-muted-foreground">
              {new Date(e.createdAt).toLocaleString()}
              {e.reason ? ` · ${e.reason}` : ''}
            </p>
          </li>
        ))}
      </ScrollList>
      <Pager page={page} pages={pages} onPage={setPage} />
    </div>
  );
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (p: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between text-sm">
      <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
