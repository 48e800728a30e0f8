import { Ban, MoreHorizontal, Volume2, VolumeX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useBlockToggle, useMuteToggle } from './api';

export interface SafetyTarget {
  id: string;
  /** How menus and toasts name them: '@username' or a full name. */
  name: string;
  /** Whether I blocked them (unknown where a read does not say: then only Block is offered). */
  blocked?: boolean;
  /** Whether I muted them (unknown where a read does not say: then Mute is not offered). */
  muted?: boolean;
}

/**
 * Mute / Unmute and Block / Unblock as menu items, and the confirmation a block asks for (it ends
 * both follows at once). Put `items` inside a DropdownMenuContent and `dialog` beside the menu.
 */
export function useSafetyActions(target: SafetyTarget): { items: ReactNode; dialog: ReactNode } {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockToggle();
  const mute = useMuteToggle();
  const items = (
    <>
      {target.muted === undefined ? null : (
        <DropdownMenuItem disabled={mute.isPending} onSelect={() => mute.mutate({ userId: target.id, mute: !target.muted, name: target.name })}>
          {target.muted ? <Volume2 aria-hidden /> : <VolumeX aria-hidden />} {target.muted ? `Unmute ${target.name}` : `Mute ${target.name}`}
        </DropdownMenuItem>
      )}
      <DropdownMenuItem
        disabled={block.isPending}
        className={target.blocked ? undefined : 'text-destructive'}
        onSelect={() => (target.blocked ? block.mutate({ userId: target.id, block: false, name: target.name }) : setConfirming(true))}
      >
        <Ban aria-hidden /> {target.blocked ? `Unblock ${target.name}` : `Block ${target.name}`}
      </DropdownMenuItem>
    </>
  );
  const dialog = (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={`Block ${target.name}?`}
      description="They won't be able to follow you, message you, reply to your posts or mention you, and they'll see your profile as not found. You'll both stop following each other. They won't be told. You can unblock them in Settings."
      confirmLabel="Block"
      onConfirm={() => block.mutate({ userId: target.id, block: true, name: target.name })}
    />
  );
  return { items, dialog };
}

/** A "More" button whose menu holds Mute and Block (the profile page, a conversation). */
export function SafetyMenu({ target, children }: { target: SafetyTarget; children?: ReactNode }) {
  const { items, dialog } = useSafetyActions(target);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More actions for ${target.name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {children}
          {items}
        </DropdownMenuContent>
      </DropdownMenu>
      {dialog}
    </>
  );
}
