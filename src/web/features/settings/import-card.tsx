import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, FileUp, History, RefreshCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { useRealtimeEvent } from '@/lib/realtime';
import { useSingleFlight } from '@/lib/use-single-flight';
import { IMPORT_MAX_BYTES, importMessages, type ImportJob, type ImportPreview } from '@shared/imports';
import { currentImportQuery, importKeys, useConfirmImport, usePreviewImport } from './import-api';
import { formatCount, ImportProgress, MatchingView, PreviewView } from './import-preview';

const n = formatCount;
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Could not read the file. Please try again.');

/**
 * 'Import your history' (issue 21 part 1): pick an export file, see what matched before anything is
 * written (pick a title for the ambiguous rows, or skip them), confirm, then follow the background
 * job's progress over the event stream to its report.
 */
export function ImportCard() {
  const qc = useQueryClient();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const previewing = usePreviewImport();
  const confirming = useConfirmImport();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
  const [fileError, setFileError] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const current = useQuery({
    ...currentImportQuery,
    // A fallback to the stream: the bar moves every second even when an event is late.
    refetchInterval: (q) => (isActive(q.state.data?.job) ? 1000 : false),
  });
  useRealtimeEvent('import-progress', (e) => {
    qc.setQueryData(importKeys.current, (old: { job: ImportJob | null } | undefined) =>
      // The report comes with the refetch below: until then a finished job shows a full bar, not a report of zeros.
      old?.job && old.job.id === e.id
        ? { job: { ...old.job, processed: e.processed, total: e.total, status: e.status === 'done' || e.status === 'failed' ? 'running' : e.status } }
        : old,
    );
    if (e.status === 'done' || e.status === 'failed') void qc.invalidateQueries({ queryKey: importKeys.current });
  });

  const job = current.data?.job ?? null;
  const showJob = job && job.id !== dismissed && !preview;

  const choose = (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(importMessages.tooLarge);
      return;
    }
    previewing.mutate(file, {
      onSuccess: (p) => {
        setPreview(p);
        setPicks({});
        if (job) setDismissed(job.id);
      },
      onError: (e) => setFileError(errorText(e)),
    });
  };
  const reset = () => {
    setPreview(null);
    setPicks({});
    setFileError(null);
    if (input.current) input.current.value = '';
  };
  const once = useSingleFlight();
  const start = () => {
    if (!preview) return;
    const choices = Object.entries(picks).flatMap(([row, key]) => {
      const [mediaType, mediaId] = key.split(':');
      return key ? [{ row: Number(row), mediaType: mediaType as 'movie' | 'tv', mediaId: Number(mediaId) }] : [];
    });
    once((settled) =>
      confirming.mutate(
        { id: preview.id, body: { choices } },
        {
          onSuccess: () => {
            setPreview(null);
            setDismissed(null);
          },
          onError: (e) => setFileError(errorText(e)),
          onSettled: settled,
        },
      ),
    );
  };

  const picked = Object.values(picks).filter(Boolean).length;
  return (
    <Card id="import">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <History className="size-5 text-primary" aria-hidden /> {importMessages.title}
        </CardTitle>
        <CardDescription>
          Bring your ratings and watchlist from Letterboxd (the export ZIP or its CSV files), IMDb (ratings or watchlist CSV), Trakt (JSON export), or a Reelmates data export ZIP.
          Rated titles become favorites; watched-only titles are not imported. Nothing is added until you confirm.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {showJob ? (
          <JobView job={job} />
        ) : preview ? (
          preview.status === 'matching' ? (
            <MatchingView
              preview={preview}
              onReady={setPreview}
              onError={(e) => {
                setPreview(null);
                setFileError(errorText(e));
              }}
            />
          ) : (
            <PreviewView preview={preview} picks={picks} onPick={(row, key) => setPicks((p) => ({ ...p, [row]: key }))} />
          )
        ) : (
          <div className="space-y-2">
            <label htmlFor={inputId} className="text-sm font-medium">
              Export file
            </label>
            <input
              ref={input}
              id={inputId}
              type="file"
              accept=".zip,.csv,.json,application/zip,text/csv,application/json"
              disabled={previewing.isPending}
              onChange={(e) => choose(e.target.files?.[0])}
              className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:text-sm file:font-medium hover:file:bg-accent"
            />
            <p className="text-xs text-muted-foreground">ZIP, CSV or JSON, at most 10 MB.</p>
            {previewing.isPending ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" /> Reading and matching your titles…
              </p>
            ) : null}
          </div>
        )}
        {fileError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
            <AlertCircle className="size-4 shrink-0" aria-hidden /> {fileError}
          </p>
        ) : null}
        {current.isError && !preview ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load your last import.{' '}
            <Button type="button" variant="link" className="h-auto p-0" onClick={() => void current.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </p>
        ) : null}
      </CardContent>
      {preview ? (
        <CardFooter className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={reset} disabled={confirming.isPending}>
            Cancel
          </Button>
          <Button type="button" onClick={start} disabled={confirming.isPending || preview.counts.matched + picked === 0}>
            {confirming.isPending ? <Spinner className="size-4" /> : <FileUp aria-hidden />} Import {n(preview.counts.matched + picked)} titles
          </Button>
        </CardFooter>
      ) : showJob && !isActive(job) ? (
        <CardFooter className="flex justify-end">
          <Button type="button" variant="outline" onClick={() => setDismissed(job.id)}>
            Import another file
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}

const isActive = (job: ImportJob | null | undefined) => !!job && (job.status === 'queued' || job.status === 'running');

function JobView({ job }: { job: ImportJob }) {
  if (isActive(job)) {
    return (
      <div className="space-y-2">
        <ImportProgress id="import-progress-label" label={`Importing… ${n(job.processed)} of ${n(job.total)} titles`} processed={job.processed} total={job.total} />
        <p className="text-xs text-muted-foreground">You can leave this page: the import goes on, and its report waits here.</p>
      </div>
    );
  }
  if (job.status === 'failed') {
    return (
      <p role="alert" className="text-sm text-destructive">
        The import stopped before it finished.
      </p>
    );
  }
  const r = job.report;
  return (
    <div role="status" className="space-y-2">
      <p className="flex items-center gap-2 font-medium">
        <CheckCircle2 className="size-5 text-green-600" aria-hidden /> Import finished
      </p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <Figure label="Added to favorites" value={r.addedFavorites} />
        <Figure label="Added to watchlist" value={r.addedWatchlist} />
        <Figure label="Already there" value={r.alreadyThere} />
        <Figure label="Skipped" value={r.skipped} />
      </dl>
    </div>
  );
}

function Figure({ label: text, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border p-2">
      <dt className="text-xs text-muted-foreground">{text}</dt>
      <dd className="text-lg font-semibold tabular-nums">{n(value)}</dd>
    </div>
  );
}
