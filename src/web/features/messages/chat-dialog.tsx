import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ChatPanel } from './chat-panel';
import { ConnectionNotice } from './connection-notice';

export interface ChatDialogUser {
  id: string;
  username: string;
  fullName?: string | null;
  avatarUrl?: string | null;
}

/**
 * The chat with one user in a dialog (the profile page's Message button). Give `trigger` (the button)
 * or control it with `open` / `onOpenChange`.
 */
export function ChatDialog({ user, trigger, open, onOpenChange }: { user: ChatDialogUser; trigger?: ReactNode; open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const name = user.fullName?.trim() || user.username;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="flex h-[min(36rem,85vh)] flex-col gap-0 overflow-hidden p-0">
        <DialogHeader className="flex-row items-center gap-3 border-b p-4 pr-12 text-left">
          <UserAvatar name={name} src={user.avatarUrl} className="size-9" />
          <div className="min-w-0">
            <DialogTitle className="truncate">{name}</DialogTitle>
            <DialogDescription className="truncate">@{user.username}</DialogDescription>
          </div>
        </DialogHeader>
        <ConnectionNotice />
        <ChatPanel userId={user.id} showHeader={false} />
      </DialogContent>
    </Dialog>
  );
}
