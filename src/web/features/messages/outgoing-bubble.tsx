import { AlertCircle, Clock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { OutgoingMessage } from './outbox';

const LABEL = { sending: 'Sending…', queued: 'Queued', failed: 'Not sent' } as const;

/** A message of ours the server has not confirmed: shown at once, then replaced by the real one; a failed one offers Retry and Discard. */
export function OutgoingBubble({ message, onRetry, onDiscard }: { message: OutgoingMessage; onRetry: (key: number) => void; onDiscard: (key: number) => void }) {
  const failed = message.status === 'failed';
  return (
    <li className="flex max-w-[85%] flex-col items-end self-end" data-testid="outgoing-message" aria-busy={!failed}>
      <p
        className={
          failed
            ? 'rounded-2xl rounded-br-sm border border-destructive/60 bg-destructive/10 px-3 py-2 text-sm break-words whitespace-pre-wrap text-foreground [overflow-wrap:anywhere]'
            : 'rounded-2xl rounded-br-sm bg-primary/60 px-3 py-2 text-sm break-words whitespace-pre-wrap text-primary-foreground [overflow-wrap:anywhere]'
        }
      >
        {message.content}
      </p>
      {failed ? (
        <span className="mt-0.5 flex flex-wrap items-center justify-end gap-x-1 text-[11px] text-destructive">
          <AlertCircle className="size-3" aria-hidden />
          <span>{LABEL.failed}</span>
          {message.reason ? <span className="text-muted-foreground">· {message.reason}</span> : null}
          <Button variant="link" size="sm" className="h-auto px-1.5 py-1 text-xs" onClick={() => onRetry(message.key)}>
            Retry
          </Button>
          <Button variant="link" size="sm" className="h-auto px-1.5 py-1 text-xs text-muted-foreground" onClick={() => onDiscard(message.key)}>
            Discard
          </Button>
        </span>
      ) : (
        <span className="mt-0.5 flex items-center gap-1 text-[11px] text-muted-foreground">
          <Clock className="size-3" aria-hidden />
          {LABEL[message.status]}
        </span>
      )}
    </li>
  );
}
