import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';
import { messageKeys } from './api';
import { lostConnection } from './outbox';

export const CONNECTION_LOST_TEXT = 'Connection lost. Reconnecting…';

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(() => listener());

/**
 * True while the browser is offline or a conversation or the conversation list on screen cannot be
 * read for want of a connection. Those queries keep their data and read again by themselves
 * (`RECONNECT_INTERVAL_MS`, and the event stream's reconnection), so this turns false on its own.
 */
export function useConnectionLost(): boolean {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribeOnline, () => onlineManager.isOnline());
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(() => listener()), [queryClient]);
  const lost = useSyncExternalStore(subscribe, () =>
    queryClient
      .getQueryCache()
      .findAll({ queryKey: messageKeys.all, type: 'active' })
      .some((q) => (q.queryKey[1] === 'with' || q.queryKey[1] === 'conversations') && lostConnection(q.state)),
  );
  return !online || lost;
}

/** A discreet line above the chat while the connection is lost; what was loaded stays below it. */
export function ConnectionNotice({ className }: { className?: string }) {
  const lost = useConnectionLost();
  if (!lost) return null;
  return (
    <p role="status" className={cn('flex items-center justify-center gap-2 border-b bg-muted px-3 py-1.5 text-xs text-muted-foreground', className)}>
      <WifiOff className="size-3.5 shrink-0" aria-hidden />
      {CONNECTION_LOST_TEXT}
    </p>
  );
}
