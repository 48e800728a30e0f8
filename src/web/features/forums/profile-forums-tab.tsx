import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/session';
import { FORUM_TEXT } from '@shared/forums';
import { profileForumsQuery } from './api';
import { timeAgo } from './post-text';

function Group({ title, empty, children }: { title: string; empty: boolean; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-muted-foreground">{title}</h3>
      {empty ? <p className="text-sm text-muted-foreground">Nothing here yet.</p> : <ul className="divide-y rounded-lg border">{children}</ul>}
    </section>
  );
}

/** The profile's Forums tab (spec 000 §2): one's own threads, replies and followed threads; private to others (ruling 9). */
export function ProfileForumsTab({ userId }: { userId: string }) {
  const { user } = useSession();
  const q = useQuery({ ...profileForumsQuery(userId), enabled: !!user });
  if (user && q.isPending) return <Skeleton className="h-32 w-full" />;
  if (q.isError) return <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">Could not load forum activity. Please try again.</p>;
  if (!user || !q.data?.visible) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-lg border border-dashed p-8 text-center text-muted-foreground">
        <Lock aria-hidden className="size-4" /> {FORUM_TEXT.privateForums}
      </p>
    );
  }
  const { threads, replies, following } = q.data;
  const row = (id: string, title: string, sub: string, createdAt: string) => (
    <li key={id} className="flex items-center justify-between gap-3 p-3 text-sm">
      <span className="min-w-0">
        <Link to={`/forums/threads/${id}`} className="font-medium break-words hover:underline">
          {title}
        </Link>
        <span className="block text-xs text-muted-foreground">{sub}</span>
      </span>
      <time dateTime={createdAt} className="shrink-0 text-xs text-muted-foreground">
        {timeAgo(createdAt)}
      </time>
    </li>
  );
  return (
    <div className="space-y-6">
      <Group title="Threads" empty={threads.length === 0}>
        {threads.map((t) => row(t.id, t.title, `${t.forumName} · ${t.replyCount} replies · ${t.likeCount} likes`, t.createdAt))}
      </Group>
      <Group title="Replies" empty={replies.length === 0}>
        {replies.map((r) => (
          <li key={r.id} className="space-y-1 p-3 text-sm">
            <Link to={`/forums/threads/${r.threadId}`} className="font-medium break-words hover:underline">
              {r.threadTitle}
            </Link>
            <p className="line-clamp-2 break-words whitespace-pre-wrap text-muted-foreground">{r.content}</p>
            <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
              {r.forumName} · {timeAgo(r.createdAt)}
            </time>
          </li>
        ))}
      </Group>
      <Group title="Following" empty={following.length === 0}>
        {following.map((t) => row(t.id, t.title, t.forumName, t.createdAt))}
      </Group>
    </div>
  );
}
