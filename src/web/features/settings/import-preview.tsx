import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, HelpCircle, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import type { ImportPreview, ImportRow } from '@shared/imports';
import { previewStateQuery } from './import-api';

/** What an import would do, before anything is written: the rows that matched, need a choice, or were not found. */

const SHOWN = 30;
export const formatCount = (count: number) => count.toLocaleString();
const n = formatCount;
const label = (r: Pick<ImportRow, 'name' | 'year'>) => (r.year ? `${r.name} (${r.year})` : r.name);
function Stars({ rating }: { rating: number | null }) {
  if (!rating) return null;
  return (
    <span role="img" aria-label={`Rated ${rating} of 5 stars`} className="text-amber-500">
      {'★'.repeat(rating)}
      {'☆'.repeat(5 - rating)}
    </span>
  );
}

/** A labelled progress bar (the import job's, the matching's). */
export function ImportProgress({ id, label: text, processed, total }: { id: string; label: string; processed: number; total: number }) {
  const pct = total ? Math.round((processed / total) * 100) : 100;
  return (
    <>
      <p className="text-sm font-medium" id={id}>
        {text}
      </p>
      <div role="progressbar" aria-labelledby={id} aria-valuemin={0} aria-valuemax={total} aria-valuenow={processed} className="h-3 w-full overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${pct}%` }} />
      </div>
    </>
  );
}

/**
 * A large file whose titles are still being matched (against TMDB that takes minutes): its progress,
 * asked every second, until the preview is ready and takes this view's place.
 */
export function MatchingView({ preview, onReady, onError }: { preview: ImportPreview; onReady: (p: ImportPreview) => void; onError: (e: unknown) => void }) {
  const state = useQuery({ ...previewStateQuery(preview.id), initialData: preview });
  const now = state.data;
  useEffect(() => {
    if (now.status === 'ready') onReady(now);
  }, [now, onReady]);
  useEffect(() => {
    if (state.isError) onError(state.error);
  }, [state.isError, state.error, onError]);
  return (
    <div className="space-y-2">
      <ImportProgress
        id="import-matching-label"
        label={`Matching your titles… ${n(now.progress.processed)} of ${n(now.progress.total)}`}
        processed={now.progress.processed}
        total={now.progress.total}
      />
      <p className="text-xs text-muted-foreground">A large file takes a few minutes to match. Nothing is added until you confirm.</p>
    </div>
  );
}

export function PreviewView({ preview, picks, onPick }: { preview: ImportPreview; picks: Record<number, string>; onPick: (row: number, key: string) => void }) {
  const matched = preview.rows.filter((r) => r.status === 'matched');
  const ambiguous = preview.rows.filter((r) => r.status === 'ambiguous');
  const notFound = preview.rows.filter((r) => r.status === 'notFound');
  const c = preview.counts;
  return (
    <div className="space-y-4">
      <p className="text-sm" role="status">
        <strong>{n(c.matched)}</strong> matched · <strong>{n(c.ambiguous)}</strong> need a choice · <strong>{n(c.notFound)}</strong> not found
        {c.watchedOnly ? (
          <>
            {' '}
            · <strong>{n(c.watchedOnly)}</strong> watched only (not imported)
          </>
        ) : null}
      </p>
      {ambiguous.length ? (
        <Section icon={<HelpCircle className="size-4 text-amber-600" aria-hidden />} title={`Need a choice (${n(ambiguous.length)})`} open>
          <ul className="space-y-2">
            {ambiguous.map((r) => (
              <li key={r.row} className="grid gap-1 sm:grid-cols-[1fr_16rem] sm:items-center">
                <label htmlFor={`import-pick-${r.row}`} className="text-sm">
                  {label(r)} <Stars rating={r.rating} />
                  {r.watchlist ? <span className="text-muted-foreground"> · watchlist</span> : null}
                </label>
                <Select id={`import-pick-${r.row}`} value={picks[r.row] ?? ''} onChange={(e) => onPick(r.row, e.target.value)}>
                  <option value="">Skip</option>
                  {r.choices.map((ch) => (
                    <option key={`${ch.mediaType}:${ch.mediaId}`} value={`${ch.mediaType}:${ch.mediaId}`}>
                      {ch.title}
                      {ch.year ? ` (${ch.year})` : ''}
                      {ch.mediaType === 'tv' ? ' · series' : ''}
                    </option>
                  ))}
                </Select>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section icon={<CheckCircle2 className="size-4 text-green-600" aria-hidden />} title={`Matched (${n(matched.length)})`}>
        <RowList
          rows={matched}
          render={(r) => (
            <>
              {r.match ? label({ name: r.match.title, year: r.match.year }) : label(r)} <Stars rating={r.rating} />
              {r.watchlist ? <span className="text-muted-foreground"> · watchlist</span> : null}
            </>
          )}
        />
      </Section>
      {notFound.length ? (
        <Section icon={<XCircle className="size-4 text-destructive" aria-hidden />} title={`Not found (${n(notFound.length)})`}>
          <RowList rows={notFound} render={(r) => label(r)} />
        </Section>
      ) : null}
    </div>
  );
}

function Section({ icon, title, open, children }: { icon: ReactNode; title: string; open?: boolean; children: ReactNode }) {
  return (
    <details open={open} className="rounded-md border p-3">
      <summary className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        {icon} {title}
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

function RowList({ rows, render }: { rows: ImportRow[]; render: (r: ImportRow) => ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, SHOWN);
  return (
    <>
      <ul className="max-h-72 space-y-1 overflow-y-auto text-sm">
        {shown.map((r) => (
          <li key={r.row}>{render(r)}</li>
        ))}
      </ul>
      {rows.length > SHOWN && !all ? (
        <Button type="button" variant="link" className="h-auto px-0" onClick={() => setAll(true)}>
          Show all {n(rows.length)}
        </Button>
      ) : null}
    </>
  );
}
