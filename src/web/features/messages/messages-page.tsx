import { MessageCircle } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { cn } from '@/lib/utils';
import { ChatPanel } from './chat-panel';
import { ConnectionNotice } from './connection-notice';
import { ConversationList } from './conversation-list';

/**
 * /messages: conversations beside the chat; under 768 px the list, then the chat full width.
 * ?conversation_with={id} opens that conversation, also with someone never messaged.
 */
export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const activeId = params.get('conversation_with');
  const select = (id: string | null) => setParams(id ? { conversation_with: id } : {}, { replace: !!activeId && !!id });
  return (
    <div className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl flex-col px-0 pb-14 md:px-4 md:py-6 md:pb-6">
      <h1 className={cn('px-4 pt-4 pb-2 text-2xl font-bold md:px-0 md:pt-0', activeId && 'hidden md:block')}>Messages</h1>
      <div className="flex min-h-0 flex-1 flex-col overflow-hidden border-y md:rounded-xl md:border">
        <ConnectionNotice />
        <div className="flex min-h-0 flex-1">
          <aside className={cn('flex min-h-0 w-full flex-col md:w-80 md:border-r', activeId && 'hidden md:flex')}>
            <ConversationList activeId={activeId} onSelect={select} />
          </aside>
          <div className={cn('min-h-0 flex-1 flex-col', activeId ? 'flex' : 'hidden md:flex')}>
            {activeId ? (
              <ChatPanel key={activeId} userId={activeId} onBack={() => select(null)} onDeleted={() => select(null)} />
            ) : (
              <div className="m-auto flex flex-col items-center gap-2 p-10 text-center text-muted-foreground">
                <MessageCircle className="size-10" aria-hidden />
                <p>Select a conversation to start chatting.</p>
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
