import { zodResolver } from '@hookform/resolvers/zod';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MESSAGE_MAX_LENGTH, sendMessageSchema } from '@shared/messages';
import { takeDraft, useDraft } from './drafts';

/** The composer checks what the server checks: trimmed, not empty, at most 2,000 characters. */
const composerSchema = sendMessageSchema.pick({ content: true });

/**
 * Enter sends, Shift+Enter makes a new line; trimmed; empty is not sent. The box empties at once
 * and stays free to type in: the message goes to the outbox (`onSend`), which shows it and sends
 * it in turn. The text lives in the conversation's draft, so it outlives this component.
 */
export function MessageComposer({ userId, onSend }: { userId: string; onSend: (content: string) => void }) {
  const [draft, setDraft] = useDraft(userId);
  const box = useRef<HTMLTextAreaElement>(null);
  // The draft store is the text's home (it outlives the chat); the form follows it and validates it.
  const form = useForm<z.input<typeof composerSchema>, unknown, z.output<typeof composerSchema>>({ resolver: zodResolver(composerSchema), values: { content: draft } });
  const submit = form.handleSubmit(() => {
    const content = takeDraft(userId);
    if (content) onSend(content);
  });
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form
      className="flex items-end gap-2 border-t p-3"
      onSubmit={(e) => {
        void submit(e);
        box.current?.focus();
      }}
    >
      <Controller
        control={form.control}
        name="content"
        render={({ field }) => (
          <Textarea
            ref={box}
            aria-label="Message"
            placeholder="Type a message…"
            rows={1}
            maxLength={MESSAGE_MAX_LENGTH}
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              field.onChange(e.target.value);
            }}
            onBlur={field.onBlur}
            onKeyDown={onKeyDown}
            className="max-h-32 min-h-10 resize-none"
          />
        )}
      />
      <Button type="submit" size="icon" aria-label="Send message" disabled={!draft.trim()}>
        <SendHorizontal aria-hidden />
      </Button>
    </form>
  );
}
