import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MESSAGE_MAX_LENGTH } from '@shared/messages';
import { useSendMessage } from './api';

/** Enter sends, Shift+Enter makes a new line; trimmed; empty is not sent; disabled while sending. */
export function MessageComposer({ userId }: { userId: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(userId);
  const content = text.trim();
  const submit = () => {
    if (!content || send.isPending) return;
    send.mutate(content, { onSuccess: () => setText('') });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };
  return (
    <form
      className="flex items-end gap-2 border-t p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Textarea
        aria-label="Message"
        placeholder="Type a message…"
        rows={1}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        className="max-h-32 min-h-10 resize-none"
      />
      <Button type="submit" size="icon" aria-label="Send message" disabled={!content || send.isPending}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
