import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_TEXT } from '@shared/admin';
import { messageOf, useBanFromReport, useDismissReport, useUserReports } from './api';
import { dismissToasts, Empty, formatDate, ListSkeleton, LoadFailed, ReportActions, ScrollList } from './shared';

/** Open user reports, newest first: Ban (the spec's ban reason, sessions end) or Dismiss. */
export function UserReportsPanel() {
  const reports = useUserReports();
  const ban = useBanFromReport();
  const dismiss = useDismissReport();
  useEffect(() => {
    if (reports.isError) toast.error(ADMIN_TEXT.reportsError, { description: ADMIN_TEXT.reportsErrorDetail });
  }, [reports.isError]);

  if (reports.isPending) return <ListSkeleton />;
  if (reports.isError) return <LoadFailed title={ADMIN_TEXT.reportsError} detail={ADMIN_TEXT.reportsErrorDetail} onRetry={() => void reports.refetch()} />;
  if (reports.data.reports.length === 0) return <Empty>No open user reports.</Empty>;
  return (
    <ScrollList label="Open user reports">
      {reports.data.reports.map((r) => {
        const busy = (ban.isPending && ban.variables === r.id) || (dismiss.isPending && dismiss.variables === r.id);
        return (
          <li key={r.id} className="rounded-md border p-3 text-sm">
            <p>
              <span className="font-medium">{r.reporter ? `@${r.reporter.username}` : 'Deleted user'}</span> reported{' '}
              <Link to={`/profile/${r.reported.id}`} className="font-medium text-primary hover:underline">
                @{r.reported.username}
              </Link>
              <span className="text-muted-foreground"> · {formatDate(r.createdAt)}</span>
            </p>
            <p className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">{r.reason}</p>
            <ReportActions
              busy={busy}
              actionLabel="Ban"
              onAction={() =>
                ban.mutate(r.id, {
                  onSuccess: () => toast.success('User banned', { description: `@${r.reported.username} was banned and signed out.` }),
                  onError: (e) => toast.error(ADMIN_TEXT.banFailed(messageOf(e))),
                })
              }
              onDismiss={() => dismiss.mutate(r.id, dismissToasts)}
            />
          </li>
        );
      })}
    </ScrollList>
  );
}
