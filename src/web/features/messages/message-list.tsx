import { useEffect, useRef } from 'react';
import { cn } from '@/lib/utils';
import { MESSAGE_TEXT, type MessageView } from '@shared/messages';
import type { OutgoingMessage } from './outbox';
import { OutgoingBubble } from './outgoing-bubble';

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/**
 * The messages, oldest first, as plain text (React escapes; nothing is rendered as HTML or a link),
 * then ours that the server has not confirmed yet, in the order they were sent.
 */
export function MessageList({
  messages,
  outgoing = [],
  onRetry = () => {},
  onDiscard = () => {},
}: {
  messages: MessageView[];
  outgoing?: OutgoingMessage[];
  onRetry?: (key: number) => void;
  onDiscard?: (key: number) => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = outgoing.length > 0 ? `out-${outgoing[outgoing.length - 1]!.key}` : messages[messages.length - 1]?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last]);
  if (messages.length === 0 && outgoing.length === 0) {
    return <p className="m-auto px-4 py-10 text-center text-sm text-muted-foreground">{MESSAGE_TEXT.empty}</p>;
  }
  const lastMine = [...messages].reverse().find((m) => m.fromMe)?.id;
  return (
    <>
      <ol className="flex flex-col gap-2 p-4" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={cn('flex max-w-[85%] flex-col', m.fromMe ? 'items-end self-end' : 'items-start self-start')} data-testid="message">
            <p
              className={cn(
                'rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
                m.fromMe ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm bg-muted',
              )}
            >
              {m.content}
            </p>
            <span className="mt-0.5 text-[11px] text-muted-foreground">
              <time dateTime={m.createdAt}>{time(m.createdAt)}</time>
              {m.id === lastMine ? <span data-testid="read-state"> · {m.read ? 'Read' : 'Sent'}</span> : null}
            </span>
          </li>
        ))}
        {outgoing.map((m) => (
          <OutgoingBubble key={`out-${m.key}`} message={m} onRetry={onRetry} onDiscard={onDiscard} />
        ))}
      </ol>
      {/* The scroll anchor, after the list: a list holds list items only. */}
      <div ref={end} />
    </>
  );
}
