import { zodResolver } from '@hookform/resolvers/zod';
import { CornerDownRight, Flag, Pencil, Reply as ReplyIcon, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SafetyMenu } from '@/components/safety/safety-menu';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useSession } from '@/features/auth/session';
import { type ForumReply, POST_MAX, updateReplySchema } from '@shared/forums';
import { useDeleteReply, useReplyLike, useUpdateReply } from './api';
import { ReportPostDialog } from './forum-dialogs';
import { MutedPost } from './muted-post';
import { PostText } from './post-text';
import { AuthorLine, LikeButton } from './thread-card';

type EditValues = z.input<typeof updateReplySchema>;

/** Edits one's own reply in place: trimmed, 1–1,000 characters, checked again by the server (ruling 24). */
function ReplyEditForm({ reply, onDone }: { reply: ForumReply; onDone: () => void }) {
  const form = useForm<EditValues, unknown, z.output<typeof updateReplySchema>>({ resolver: zodResolver(updateReplySchema), defaultValues: { content: reply.content } });
  const update = useUpdateReply();
  const error = form.formState.errors.content?.message;
  const length = form.watch('content').length;
  const submit = form.handleSubmit((values) => update.mutate({ id: reply.id, content: values.content }, { onSuccess: onDone }));
  const id = `edit-reply-${reply.id}`;
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        Edit your reply
      </label>
      <Textarea
        id={id}
        rows={3}
        maxLength={POST_MAX}
        autoFocus
        aria-invalid={error ? true : undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDone();
        }}
        {...form.register('content')}
      />
      <div className="flex items-center justify-between gap-2">
        <span className={error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'} role={error ? 'alert' : undefined}>
          {error ?? `${length}/${POST_MAX}`}
        </span>
        <span className="flex gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" size="sm" disabled={update.isPending}>
            {update.isPending ? <Spinner className="size-4" label="Saving" /> : null}
            Save
          </Button>
        </span>
      </div>
    </form>
  );
}

function DeleteReplyDialog({ open, onOpenChange, replyId }: { open: boolean; onOpenChange: (open: boolean) => void; replyId: string }) {
  const remove = useDeleteReply();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Reply</DialogTitle>
          <DialogDescription>This deletes the reply and the replies to it. This cannot be undone.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate(replyId, { onSuccess: () => onOpenChange(false) })}>
            {remove.isPending ? <Spinner className="size-4" label="Deleting" /> : null}
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** One reply: like and reply for everyone, report for others, edit for the author, delete for the author or an admin. */
export function ReplyItem({ reply, onReply, nested }: { reply: ForumReply; onReply: (r: ForumReply) => void; nested?: boolean }) {
  const like = useReplyLike();
  const isAdmin = !!useSession().session?.access?.isAdmin;
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const who = reply.author.hidden ? `reply by ${reply.author.username}` : `reply by @${reply.author.username}`;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <li className={nested ? 'ml-8 border-l pl-4' : undefined} data-testid="forum-reply">
      <MutedPost muted={reply.mutedAuthor}>
        <div className="flex gap-3 py-3">
          {nested ? <CornerDownRight aria-hidden className="mt-1 size-4 shrink-0 text-muted-foreground" /> : null}
          <UserAvatar name={reply.author.username} src={reply.author.avatarUrl} className="size-8 shrink-0" />
          <div className="min-w-0 flex-1 space-y-1">
            <AuthorLine author={reply.author} createdAt={reply.createdAt} />
            {editing ? <ReplyEditForm reply={reply} onDone={() => setEditing(false)} /> : <PostText text={reply.content} />}
            <div className="flex flex-wrap items-center gap-1">
              <LikeButton liked={reply.likedByMe} count={reply.likeCount} pending={like.isPending} onClick={() => like.mutate(reply)} label={who} />
              <Button variant="ghost" size="sm" onClick={() => onReply(reply)}>
                <ReplyIcon aria-hidden /> Reply
              </Button>
              {reply.isMine && !editing ? (
                <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Edit your ${who}`}>
                  <Pencil aria-hidden />
                </Button>
              ) : null}
              {reply.isMine || isAdmin ? (
                <Button variant="ghost" size="sm" onClick={() => setDialog('delete')} aria-label={`Delete ${who}`}>
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
              {!reply.isMine ? (
                <Button variant="ghost" size="sm" onClick={() => setDialog('report')} aria-label={`Report ${who}`}>
                  <Flag aria-hidden />
                </Button>
              ) : null}
              {!reply.isMine && !reply.author.hidden ? <SafetyMenu target={{ id: reply.author.id, name: `@${reply.author.username}`, muted: reply.mutedAuthor }} /> : null}
            </div>
          </div>
        </div>
      </MutedPost>
      <ReportPostDialog open={dialog === 'report'} onOpenChange={close} target={{ replyId: reply.id }} />
      {reply.isMine || isAdmin ? <DeleteReplyDialog open={dialog === 'delete'} onOpenChange={close} replyId={reply.id} /> : null}
    </li>
  );
}
