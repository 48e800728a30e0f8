import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { messageOf, useMarkHandled, useSupportInbox } from './api';
import { Empty, formatDate, ListSkeleton, LoadFailed, ScrollList } from './shared';

/** Contact, bug and feature messages (ruling 16), newest first; mark handled. */
export function SupportPanel() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const inbox = useSupportInbox(show);
  const handled = useMarkHandled();
  return (
    <div className="space-y-3">
      <SegmentedControl
        label="Messages shown"
        variant="chips"
        value={show}
        onValueChange={setShow}
        options={[
          { value: 'open', label: 'Open' },
          { value: 'all', label: 'All' },
        ]}
      />
      {inbox.isPending ? (
        <ListSkeleton />
      ) : inbox.isError ? (
        <LoadFailed title="Error fetching messages" detail="Could not load support messages..." onRetry={() => void inbox.refetch()} />
      ) : inbox.data.messages.length === 0 ? (
        <Empty>{show === 'open' ? 'No open support messages.' : 'No support messages yet.'}</Empty>
      ) : (
        <ScrollList label="Support messages">
          {inbox.data.messages.map((m) => (
            <li key={m.id} className="rounded-md border p-3 text-sm">
              <p className="flex flex-wrap items-center gap-x-2">
                <span className="rounded bg-muted px-1.5 py-0.5 text-xs">{m.type}</span>
                <span className="font-medium">{m.subject}</span>
              </p>
              <p className="mt-1 text-muted-foreground">
                {m.name} &lt;
                <a className="text-primary hover:underline" href={`mailto:${m.email}`}>
                  {m.email}
                </a>
                &gt; · {formatDate(m.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words">{m.message}</p>
              {m.handledAt ? (
                <p className="mt-2 text-xs text-muted-foreground">Handled {formatDate(m.handledAt)}</p>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  className="mt-2"
                  disabled={handled.isPending && handled.variables === m.id}
                  onClick={() =>
                    handled.mutate(m.id, { onSuccess: () => toast.success('Marked as handled'), onError: (e) => toast.error(`Could not mark as handled: ${messageOf(e)}`) })
                  }
                >
                  Mark handled
                </Button>
              )}
            </li>
          ))}
        </ScrollList>
      )}
    </div>
  );
}
