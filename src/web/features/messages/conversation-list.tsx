import { useQuery } from '@tanstack/react-query';
import { MessageCircle, RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useDebounced } from '@/lib/use-debounced';
import { capCount, cn } from '@/lib/utils';
import { conversationName, type ConversationSummary, MESSAGE_TEXT } from '@shared/messages';
import { conversationsQuery } from './api';

const SEARCH_DELAY_MS = 300;

const shortTime = (iso: string) => {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? d.toLocaleTimeString(undefined, { timeStyle: 'short' }) : d.toLocaleDateString(undefined, { dateStyle: 'short' });
};

function ConversationRow({ c, active, onSelect }: { c: ConversationSummary; active: boolean; onSelect: (id: string) => void }) {
  const name = conversationName(c.user);
  return (
    <li>
      <button
        type="button"
        onClick={() => onSelect(c.user.id)}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'flex w-full items-center gap-3 rounded-lg p-3 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none',
          active && 'bg-accent',
        )}
        data-testid="conversation"
      >
        <UserAvatar name={name} src={c.user.avatarUrl} deleted={c.user.deleted} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate', c.unreadCount > 0 ? 'font-bold' : 'font-medium', c.user.deleted && 'text-muted-foreground')}>{name}</span>
            <time className="shrink-0 text-xs text-muted-foreground" dateTime={c.lastMessage.createdAt}>
              {shortTime(c.lastMessage.createdAt)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className="truncate text-sm text-muted-foreground">
              {c.lastMessage.fromMe ? 'You: ' : ''}
              {c.lastMessage.content}
            </span>
            {c.unreadCount > 0 ? (
              <span className="shrink-0 rounded-full bg-primary px-1.5 text-xs leading-5 font-bold text-primary-foreground" aria-label={`${c.unreadCount} unread`}>
                {capCount(c.unreadCount)}
              </span>
            ) : null}
          </span>
        </span>
      </button>
    </li>
  );
}

/** Search box and the conversations, newest first. */
export function ConversationList({ activeId, onSelect }: { activeId: string | null; onSelect: (userId: string) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text, SEARCH_DELAY_MS);
  const query = useQuery(conversationsQuery(q));
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative p-3">
        <Search className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input type="search" aria-label="Search conversations" placeholder="Search conversations" value={text} onChange={(e) => setText(e.target.value)} className="pl-9" />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {/* What was loaded stays listed when a later read fails (ConnectionNotice says so). */}
        {query.isPending ? (
          <div className="space-y-2 p-1" aria-label="Loading conversations">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : query.data === undefined ? (
          <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-sm">
            <p>{MESSAGE_TEXT.loadConversationsFailed}</p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </div>
        ) : query.data.length === 0 ? (
          <div role="status" className="flex flex-col items-center gap-2 p-6 text-center text-sm text-muted-foreground">
            <MessageCircle className="size-8" aria-hidden />
            {q.trim() ? 'No conversations match your search.' : 'No conversations yet. Message someone from their profile.'}
          </div>
        ) : (
          <ul className="space-y-1" aria-label="Conversations">
            {query.data.map((c) => (
              <ConversationRow key={c.user.id} c={c} active={c.user.id === activeId} onSelect={onSelect} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
