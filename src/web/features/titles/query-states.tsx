import { RefreshCw, SearchX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';

/** Error and empty states of lists; the error shows the server's message under our title. */
export function ErrorState({ title = 'Could not load titles.', error, onRetry, className }: { title?: string; error?: unknown; onRetry?: () => void; className?: string }) {
  const detail = error instanceof ApiError ? error.message : null;
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center', className)}>
      <TriangleAlert className="size-8 text-destructive" aria-hidden />
      <p className="font-medium">{title}</p>
      {detail && detail !== title ? <p className="max-w-md text-sm text-muted-foreground">{detail}</p> : null}
      {onRetry ? (
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children, className }: { title: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center', className)}>
      <SearchX className="size-8 text-muted-foreground" aria-hidden />
      <p className="font-medium">{title}</p>
      {children}
    </div>
  );
}
