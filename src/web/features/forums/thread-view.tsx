import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { UserAvatar } from '@/components/ui/user-avatar';
import { ApiError } from '@/lib/api';
import { type ForumReply, POST_MAX, postContentSchema } from '@shared/forums';
import { repliesQuery, threadQuery, useCreateReply, useThreadLike } from './api';
import { MutedPost } from './muted-post';
import { PostText } from './post-text';
import { ReplyItem } from './reply-item';
import { AuthorLine, FollowToggle, LikeButton, ThreadMenu } from './thread-card';

/** Top replies oldest first, each followed by its replies (one level, issue 15). */
function nest(replies: ForumReply[]) {
  const children = new Map<string, ForumReply[]>();
  const top: ForumReply[] = [];
  for (const r of replies) {
    if (r.parentReplyId) children.set(r.parentReplyId, [...(children.get(r.parentReplyId) ?? []), r]);
    else top.push(r);
  }
  // A child whose parent is not loaded yet (a later page) shows at the top level rather than vanish.
  const loaded = new Set(top.map((r) => r.id));
  for (const [parent, list] of children) if (!loaded.has(parent)) top.push(...list);
  top.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return top.map((r) => ({ reply: r, children: loaded.has(r.id) ? (children.get(r.id) ?? []) : [] }));
}

function Composer({ threadId, replyTo, onClearReplyTo }: { threadId: string; replyTo: ForumReply | null; onClearReplyTo: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateReply(threadId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = postContentSchema.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    create.mutate(
      { content: parsed.data, parentReplyId: replyTo?.id ?? null },
      {
        onSuccess: () => {
          setText('');
          onClearReplyTo();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-2 border-t pt-4">
      {replyTo ? (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          Replying to @{replyTo.author.username}
          <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={onClearReplyTo}>
            Cancel
          </Button>
        </p>
      ) : null}
      <label htmlFor={`reply-${threadId}`} className="sr-only">
        Your reply
      </label>
      <Textarea
        id={`reply-${threadId}`}
        rows={3}
        maxLength={POST_MAX}
        placeholder="Write a reply... Mention someone with @username"
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={error ? true : undefined}
      />
      <div className="flex items-center justify-between gap-2">
        <span className={error ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'} role={error ? 'alert' : undefined}>
          {error ?? `${text.length}/${POST_MAX}`}
        </span>
        <Button type="submit" disabled={create.isPending || !text.trim()}>
          {create.isPending ? <Spinner className="size-4" label="Posting" /> : null}
          Post Reply
        </Button>
      </div>
    </form>
  );
}

/** A thread with its first post and replies, oldest first; used in the dialog and on /forums/threads/{id}. */
export function ThreadView({ threadId, onDeleted }: { threadId: string; onDeleted?: () => void }) {
  const thread = useQuery(threadQuery(threadId));
  const replies = useInfiniteQuery(repliesQuery(threadId));
  const like = useThreadLike();
  const [replyTo, setReplyTo] = useState<ForumReply | null>(null);
  const items = useMemo(() => nest(replies.data?.pages.flatMap((p) => p.items) ?? []), [replies.data]);

  if (thread.isPending) return <Skeleton className="h-40 w-full" />;
  if (thread.isError) {
    const gone = thread.error instanceof ApiError && thread.error.status === 404;
    return <p className="py-8 text-center text-muted-foreground">{gone ? 'This thread was deleted.' : 'Could not load this thread. Please try again.'}</p>;
  }
  const t = thread.data;
  return (
    <div className="space-y-4">
      <div className="flex gap-3">
        <MutedPost muted={t.mutedAuthor}>
          <UserAvatar name={t.author.username} src={t.author.avatarUrl} className="size-10 shrink-0" />
          <div className="min-w-0 flex-1 space-y-2">
            <h2 className="text-lg font-semibold break-words">{t.title}</h2>
            <AuthorLine author={t.author} createdAt={t.createdAt} />
            <PostText text={t.content} />
            <div className="flex flex-wrap items-center gap-1">
              <LikeButton liked={t.likedByMe} count={t.likeCount} pending={like.isPending} onClick={() => like.mutate(t)} label={t.title} />
              <FollowToggle thread={t} />
            </div>
          </div>
        </MutedPost>
        <ThreadMenu thread={t} onDeleted={onDeleted} />
      </div>
      <section aria-label="Replies" className="space-y-1">
        <h3 className="text-sm font-medium text-muted-foreground">
          {t.replyCount} {t.replyCount === 1 ? 'reply' : 'replies'}
        </h3>
        {replies.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <ul className="divide-y">
            {items.map(({ reply, children }) => (
              <ReplyBlock key={reply.id} reply={reply} nestedReplies={children} onReply={setReplyTo} />
            ))}
          </ul>
        )}
        {replies.hasNextPage ? (
          <Button variant="outline" size="sm" disabled={replies.isFetchingNextPage} onClick={() => void replies.fetchNextPage()}>
            Load More
          </Button>
        ) : null}
      </section>
      <Composer threadId={threadId} replyTo={replyTo} onClearReplyTo={() => setReplyTo(null)} />
    </div>
  );
}

function ReplyBlock({ reply, nestedReplies, onReply }: { reply: ForumReply; nestedReplies: ForumReply[]; onReply: (r: ForumReply) => void }) {
  return (
    <>
      <ReplyItem reply={reply} onReply={onReply} />
      {nestedReplies.map((c) => (
        <ReplyItem key={c.id} reply={c} onReply={onReply} nested />
      ))}
    </>
  );
}
