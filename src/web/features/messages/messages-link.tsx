import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { capCount } from '@/lib/utils';
import { unreadMessagesQuery } from './api';

/** The header's messages icon with the unread count (99+), kept live by useMessageEvents. */
export function MessagesLink() {
  const { data: unread = 0 } = useQuery(unreadMessagesQuery);
  return (
    <Button asChild variant="ghost" size="icon" className="relative" aria-label={unread ? `Messages, ${unread} unread` : 'Messages'}>
      <Link to="/messages">
        <MessageCircle aria-hidden />
        {unread > 0 ? (
          <span
            data-testid="messages-badge"
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-destructive px-1 text-center text-[10px] leading-5 font-bold text-destructive-foreground"
          >
            {capCount(unread)}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
