import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ADMIN_TEXT } from '@shared/admin';
import { messageOf } from './api';

/** Small pieces the admin panels share: loading rows, the empty and error states, dates. */

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">{children}</p>;
}

export function LoadFailed({ title, detail, onRetry }: { title: string; detail: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/40 p-4 text-sm">
      <p className="font-medium text-destructive">{title}</p>
      <p className="text-muted-foreground">{detail}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The admin list's scroll height (spec 000 §9: 72 units, 18rem). */
export function ScrollList({ children, label }: { children: ReactNode; label: string }) {
  return (
    <ul aria-label={label} className="max-h-72 space-y-3 overflow-y-auto pr-1">
      {children}
    </ul>
  );
}

/**
 * A report's two answers, side by side: the one that acts on what was reported (Ban, Delete post)
 * and Dismiss. Both are off while either runs for this report, so a double click acts once.
 */
export function ReportActions({ busy, actionLabel, onAction, onDismiss }: { busy: boolean; actionLabel: string; onAction: () => void; onDismiss: () => void }) {
  return (
    <div className="mt-2 flex gap-2">
      <Button size="sm" variant="destructive" disabled={busy} onClick={onAction}>
        {actionLabel}
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

/** What Dismiss says when it is done or fails, on either list of reports. */
export const dismissToasts = {
  onSuccess: () => toast.success('Report dismissed'),
  onError: (e: unknown) => toast.error(ADMIN_TEXT.dismissFailed(messageOf(e))),
};
