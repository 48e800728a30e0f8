import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { SafetyMenu } from '@/components/safety/safety-menu';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { UserAvatar } from '@/components/ui/user-avatar';
import { conversationName, MESSAGE_TEXT } from '@shared/messages';
import { conversationQuery, useMarkConversationRead, useOutbox } from './api';
import { DeleteConversationButton } from './delete-conversation-button';
import { MessageComposer } from './message-composer';
import { MessageList } from './message-list';

/**
 * One conversation: header, messages and composer. Messages from the other user are marked read on
 * sight. What was loaded stays on screen when a later read fails (the container's ConnectionNotice
 * says so); the error views are for a conversation that could not be loaded at all.
 */
export function ChatPanel({ userId, onBack, onDeleted, showHeader = true }: { userId: string; onBack?: () => void; onDeleted?: () => void; showHeader?: boolean }) {
  const query = useQuery(conversationQuery(userId));
  const outbox = useOutbox(userId);
  const markRead = useMarkConversationRead(userId);
  // Once per newest unread message: opening the conversation, or a message arriving while it is open.
  const newestUnread = query.data?.messages.findLast((m) => !m.fromMe && !m.read)?.id;
  const { mutate } = markRead;
  useEffect(() => {
    if (newestUnread) mutate();
  }, [newestUnread, mutate]);

  if (query.isPending) {
    return (
      <div className="flex flex-1 items-center justify-center p-10">
        <Spinner />
      </div>
    );
  }
  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return <p className="m-auto p-10 text-center text-muted-foreground">{MESSAGE_TEXT.userNotFound}</p>;
  }
  if (query.data === undefined) {
    return (
      <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-10 text-center">
        <p className="font-medium">{MESSAGE_TEXT.loadMessagesFailed}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  const { user, canMessage, blockedByMe, messages } = query.data;
  const name = conversationName(user);
  return (
    <section aria-label={`Conversation with ${name}`} className="flex min-h-0 flex-1 flex-col">
      {showHeader ? (
        <header className="flex items-center gap-3 border-b p-3">
          {onBack ? (
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Back to conversations" onClick={onBack}>
              <ArrowLeft aria-hidden />
            </Button>
          ) : null}
          <UserAvatar name={name} src={user.avatarUrl} deleted={user.deleted} />
          <div className="min-w-0 flex-1">
            {user.deleted ? (
              <p className="truncate font-semibold text-muted-foreground">{name}</p>
            ) : (
              <Link to={`/profile/${encodeURIComponent(user.id)}`} className="block truncate font-semibold hover:underline">
                {name}
              </Link>
            )}
            {user.username ? <p className="truncate text-xs text-muted-foreground">@{user.username}</p> : null}
          </div>
          {messages.length > 0 ? <DeleteConversationButton userId={userId} name={name} onDeleted={onDeleted} /> : null}
          {user.deleted ? null : <SafetyMenu target={{ id: user.id, name, blocked: blockedByMe }} />}
        </header>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto">
        <MessageList messages={messages} outgoing={outbox.outgoing} onRetry={outbox.retry} onDiscard={outbox.discard} />
      </div>
      {canMessage ? (
        <MessageComposer userId={userId} onSend={outbox.send} />
      ) : (
        <p className="border-t p-3 text-center text-sm text-muted-foreground">
          {user.deleted ? 'This account has been deleted. You can read this conversation but not reply.' : blockedByMe ? MESSAGE_TEXT.youBlocked : MESSAGE_TEXT.cannotMessage}
        </p>
      )}
    </section>
  );
}
