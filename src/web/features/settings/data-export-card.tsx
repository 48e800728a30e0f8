import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, Download, Loader2, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useRealtimeEvent } from '@/lib/realtime';
import { useSingleFlight } from '@/lib/use-single-flight';
import { DATA_EXPORT_TEXT, type DataExportView } from '@shared/data-export';
import { dataExportKeys, dataExportQuery, downloadUrl, useStartDataExport } from './data-export-api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The status line of the latest export. */
function statusOf(latest: DataExportView | null): string {
  if (!latest) return 'You have not requested your data yet.';
  switch (latest.status) {
    case 'queued':
      return `Requested ${when(latest.requestedAt)}. Waiting to start…`;
    case 'running':
      return 'Preparing your data…';
    case 'ready':
      return `Ready${latest.sizeBytes ? ` (${size(latest.sizeBytes)})` : ''}. We e-mailed you a download link, valid until ${when(latest.expiresAt!)}.`;
    case 'failed':
      return 'Preparing your data failed. Please request it again.';
    case 'expired':
      return `Your last export (${when(latest.requestedAt)}) has expired. Request a new one any time.`;
  }
}

/**
 * 'Download my data' (issue 21 part 2, decision 056): asks for the ZIP, follows the job live over the
 * event stream, and, opened from the mail (`/settings?export=TOKEN#data-export`), offers the download.
 */
export function DataExportCard() {
  const queryClient = useQueryClient();
  const state = useQuery(dataExportQuery);
  const start = useStartDataExport();
  const [params] = useSearchParams();
  const token = params.get('export');

  useRealtimeEvent('data-export', (event) => {
    void queryClient.invalidateQueries({ queryKey: dataExportKeys.state() });
    if (event.status === 'ready') toast.success(DATA_EXPORT_TEXT.ready);
    if (event.status === 'failed') toast.error('Preparing your data failed. Please request it again.');
  });

  const latest = state.data?.latest ?? null;
  const open = latest?.status === 'queued' || latest?.status === 'running';
  const usedUp = !!state.data && state.data.startedToday >= state.data.perDay;
  const once = useSingleFlight();
  const request = () =>
    once((settled) =>
      start.mutate(undefined, {
        onSuccess: () => toast.success(DATA_EXPORT_TEXT.started),
        onError: (e) => toast.error(e instanceof ApiError ? e.message : 'Could not request your data. Please try again.'),
        onSettled: settled,
      }),
    );

  return (
    <Card id="data-export">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Archive className="size-5 text-primary" aria-hidden /> {DATA_EXPORT_TEXT.title}
        </CardTitle>
        <CardDescription>{DATA_EXPORT_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {token ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
            <span>Your data from the link in our e-mail:</span>
            <Button asChild size="sm">
              <a href={downloadUrl(token)} download>
                <Download aria-hidden /> Download ZIP
              </a>
            </Button>
          </div>
        ) : null}
        {state.isPending ? (
          <Skeleton aria-busy="true" className="h-5 w-2/3" />
        ) : state.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p role="alert" className="text-sm text-destructive">
              Could not load your data exports.
            </p>
            <Button type="button" variant="outline" size="sm" onClick={() => void state.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : (
          <p role="status" aria-live="polite" data-status={latest?.status ?? 'none'} className="flex items-center gap-2 text-sm text-muted-foreground">
            {open ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {statusOf(latest)}
          </p>
        )}
      </CardContent>
      <CardFooter className="flex flex-wrap items-center gap-3">
        <Button type="button" onClick={request} disabled={start.isPending || open || usedUp || !state.data}>
          {start.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Archive aria-hidden />} {DATA_EXPORT_TEXT.button}
        </Button>
        {state.data ? (
          <span className="text-xs text-muted-foreground">
            {usedUp ? DATA_EXPORT_TEXT.tooMany : `${state.data.startedToday} of ${state.data.perDay} requests used in the last 24 hours.`}
          </span>
        ) : null}
      </CardFooter>
    </Card>
  );
}
