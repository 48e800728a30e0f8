import { toast } from 'sonner';
import { ADMIN_TEXT } from '@shared/admin';
import { messageOf, useDeleteReportedPost, useDismissPostReport, usePostReports } from './api';
import { dismissToasts, Empty, formatDate, ListSkeleton, LoadFailed, ReportActions, ScrollList } from './shared';

const REASONS: Record<string, string> = { spam: 'Spam', harassment: 'Harassment', hate_speech: 'Hate speech', off_topic: 'Off topic', other: 'Other' };

/** Open forum post reports with the post in its thread: delete the post or dismiss. */
export function PostReportsPanel() {
  const reports = usePostReports();
  const remove = useDeleteReportedPost();
  const dismiss = useDismissPostReport();
  if (reports.isPending) return <ListSkeleton />;
  if (reports.isError) return <LoadFailed title={ADMIN_TEXT.reportsError} detail="Could not load post reports..." onRetry={() => void reports.refetch()} />;
  if (reports.data.reports.length === 0) return <Empty>No open post reports.</Empty>;
  return (
    <ScrollList label="Open post reports">
      {reports.data.reports.map((r) => {
        const busy = (remove.isPending && remove.variables === r.id) || (dismiss.isPending && dismiss.variables === r.id);
        return (
          <li key={r.id} className="rounded-md border p-3 text-sm">
            <p className="text-muted-foreground">
              {REASONS[r.reason]} · reported by {r.reporter ? `@${r.reporter.username}` : 'a deleted user'} · {formatDate(r.createdAt)}
            </p>
            {r.message ? <p className="mt-1 italic">“{r.message}”</p> : null}
            <div className="mt-2 rounded bg-muted p-2">
              <p className="text-xs text-muted-foreground">
                {r.forumName} › <span className="font-medium text-foreground">{r.threadTitle}</span>
              </p>
              {r.context !== null ? <p className="mt-1 line-clamp-2 border-l-2 pl-2 text-xs text-muted-foreground">{r.context}</p> : null}
              <p className="mt-1 whitespace-pre-wrap break-words">
                <span className="font-medium">{r.author ? `@${r.author.username}` : 'Deleted user'}</span> ({r.kind === 'thread' ? 'thread' : 'reply'},{' '}
                {formatDate(r.postCreatedAt)}): {r.content}
              </p>
            </div>
            <ReportActions
              busy={busy}
              actionLabel="Delete post"
              onAction={() =>
                remove.mutate(r.id, {
                  onSuccess: () => toast.success('Post deleted'),
                  onError: (e) => toast.error(`Could not delete post: ${messageOf(e)}`),
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
