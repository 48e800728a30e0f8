import { Bell, BellOff, Crown, Flag, Heart, MessageSquare, MoreVertical, Pencil, Pin, PinOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useSafetyActions } from '@/components/safety/safety-menu';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/ui/user-avatar';
import { cn } from '@/lib/utils';
import type { ForumAuthor, ForumThread } from '@shared/forums';
import { useSession } from '@/features/auth/session';
import { usePinThread, useThreadFollow, useThreadLike } from './api';
import { DeleteThreadDialog, ReportPostDialog, ThreadFormDialog } from './forum-dialogs';
import { MutedPost } from './muted-post';
import { timeAgo } from './post-text';

export function AuthorLine({ author, createdAt }: { author: ForumAuthor; createdAt: string }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <span>{author.hidden ? `by ${author.username}` : `by @${author.username}`}</span>
      {author.foundingMember ? (
        <Badge variant="gold">
          <Crown aria-hidden /> Founding Member
        </Badge>
      ) : null}
      <span className="whitespace-nowrap">
        <span aria-hidden>· </span>
        <time dateTime={createdAt}>{timeAgo(createdAt)}</time>
      </span>
    </span>
  );
}

export function FollowToggle({ thread, size = 'sm' }: { thread: ForumThread; size?: 'sm' | 'default' }) {
  const follow = useThreadFollow();
  return (
    <Button
      variant={thread.followedByMe ? 'secondary' : 'outline'}
      size={size}
      aria-pressed={thread.followedByMe}
      disabled={follow.isPending}
      onClick={() => follow.mutate(thread)}
    >
      {thread.followedByMe ? <BellOff aria-hidden /> : <Bell aria-hidden />}
      {thread.followedByMe ? 'Following' : 'Follow'}
    </Button>
  );
}

export function LikeButton({ liked, count, pending, onClick, label }: { liked: boolean; count: number; pending?: boolean; onClick: () => void; label: string }) {
  return (
    <Button variant="ghost" size="sm" aria-pressed={liked} aria-label={`${liked ? 'Unlike' : 'Like'} ${label}, ${count} likes`} disabled={pending} onClick={onClick}>
      <Heart aria-hidden className={cn(liked && 'fill-red-500 text-red-500')} /> {count}
    </Button>
  );
}

type Dialog = 'edit' | 'delete' | 'report' | null;

/**
 * The card menu: Like and Report for everyone, Edit and Delete for the author (spec 001 §2);
 * admins also delete any thread and pin or unpin it (ruling 24). The server checks both again.
 */
export function ThreadMenu({ thread, onDeleted }: { thread: ForumThread; onDeleted?: () => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const like = useThreadLike();
  const pin = usePinThread();
  const isAdmin = !!useSession().session?.access?.isAdmin;
  const canDelete = thread.isMine || isAdmin;
  // Mute and Block the author (issue 20): not one's own post, nor a hidden author's (a blocked pair).
  const canShield = !thread.isMine && !thread.author.hidden;
  const safety = useSafetyActions({ id: thread.author.id, name: `@${thread.author.username}`, muted: thread.mutedAuthor });
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${thread.title}`}>
            <MoreVertical aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => like.mutate(thread)}>
            <Heart aria-hidden /> {thread.likedByMe ? 'Unlike' : 'Like'}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setDialog('report')}>
            <Flag aria-hidden /> Report
          </DropdownMenuItem>
          {canShield ? safety.items : null}
          {canDelete ? <DropdownMenuSeparator /> : null}
          {thread.isMine ? (
            <DropdownMenuItem onSelect={() => setDialog('edit')}>
              <Pencil aria-hidden /> Edit
            </DropdownMenuItem>
          ) : null}
          {isAdmin ? (
            <DropdownMenuItem disabled={pin.isPending} onSelect={() => pin.mutate(thread)}>
              {thread.isPinned ? <PinOff aria-hidden /> : <Pin aria-hidden />} {thread.isPinned ? 'Unpin' : 'Pin'}
            </DropdownMenuItem>
          ) : null}
          {canDelete ? (
            <DropdownMenuItem onSelect={() => setDialog('delete')} className="text-destructive">
              <Trash2 aria-hidden /> Delete
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReportPostDialog open={dialog === 'report'} onOpenChange={close} target={{ threadId: thread.id }} />
      {canShield ? safety.dialog : null}
      {thread.isMine ? <ThreadFormDialog open={dialog === 'edit'} onOpenChange={close} forumId={thread.forumId} thread={thread} /> : null}
      {canDelete ? <DeleteThreadDialog open={dialog === 'delete'} onOpenChange={close} threadId={thread.id} onDeleted={onDeleted} /> : null}
    </>
  );
}

/**
 * A thread in a forum's list: avatar, title, pinned, badge, 'by @username', time ago, counts, follow,
 * menu; collapsed when the viewer muted its author.
 */
export function ThreadCard({ thread, onOpen }: { thread: ForumThread; onOpen: () => void }) {
  return (
    <Card className="flex gap-3 p-4" data-testid="thread-card">
      <MutedPost muted={thread.mutedAuthor}>
        <ThreadCardBody thread={thread} onOpen={onOpen} />
      </MutedPost>
      <ThreadMenu thread={thread} />
    </Card>
  );
}

function ThreadCardBody({ thread, onOpen }: { thread: ForumThread; onOpen: () => void }) {
  const like = useThreadLike();
  return (
    <>
      <UserAvatar name={thread.author.username} src={thread.author.avatarUrl} className="size-10 shrink-0" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start gap-2">
          {thread.isPinned ? <Pin aria-label="Pinned" className="mt-1 size-4 shrink-0 text-primary" /> : null}
          <button type="button" onClick={onOpen} className="min-w-0 text-left font-semibold break-words hover:underline focus-visible:underline focus-visible:outline-none">
            {thread.title}
          </button>
        </div>
        <AuthorLine author={thread.author} createdAt={thread.createdAt} />
        <div className="flex flex-wrap items-center gap-1 pt-1">
          <Button variant="ghost" size="sm" onClick={onOpen} aria-label={`${thread.replyCount} replies`}>
            <MessageSquare aria-hidden /> {thread.replyCount}
          </Button>
          <LikeButton liked={thread.likedByMe} count={thread.likeCount} pending={like.isPending} onClick={() => like.mutate(thread)} label={thread.title} />
          <FollowToggle thread={thread} />
        </div>
      </div>
    </>
  );
}
