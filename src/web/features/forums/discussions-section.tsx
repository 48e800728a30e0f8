import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { Crown, MessagesSquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { UpgradeDialog } from '@/components/marketing/upgrade-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/session';
import type { MediaType } from '@shared/catalogue';
import { type Forum, FORUM_TEXT } from '@shared/forums';
import { threadsQuery, titleForumsQuery } from './api';
import { ThreadFormDialog } from './forum-dialogs';
import { ThreadCard } from './thread-card';
import { ThreadView } from './thread-view';
import { useForumLive } from './use-forum-live';

const trigger =
  'inline-flex shrink-0 items-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** Share to Reddit, X and Facebook with the page URL and the spec's text (spec 001 §2), in a 600x400 window (spec 000 §9). */
function ShareButtons({ title }: { title: string }) {
  const share = (target: 'reddit' | 'x' | 'facebook') => {
    const url = encodeURIComponent(window.location.href.split('#')[0]!);
    const text = encodeURIComponent(FORUM_TEXT.shareText(title));
    const href =
      target === 'reddit'
        ? `https://www.reddit.com/submit?url=${url}&title=${text}`
        : target === 'x'
          ? `https://x.com/intent/tweet?url=${url}&text=${text}`
          : `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${text}`;
    window.open(href, '_blank', 'noopener,noreferrer,width=600,height=400');
  };
  return (
    <div className="flex items-center gap-1" role="group" aria-label="Share the discussion">
      <Button variant="outline" size="sm" onClick={() => share('reddit')}>
        Reddit
      </Button>
      <Button variant="outline" size="sm" onClick={() => share('x')}>
        X
      </Button>
      <Button variant="outline" size="sm" onClick={() => share('facebook')}>
        Facebook
      </Button>
    </div>
  );
}

/**
 * The thread list's place: at least the height of its loading skeleton (three cards), whatever it
 * turns out to hold, so the sections below do not jump when it loads (an empty forum is shorter).
 */
const LIST_PLACE = 'min-h-[19.5rem]';

function ThreadListSkeleton() {
  return (
    <div className={`space-y-3 ${LIST_PLACE}`} aria-busy="true" aria-label="Loading discussions">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-24 w-full" />
      ))}
    </div>
  );
}

/** While the forums load: the tab row's place and the list's, as tall as what replaces them. */
function ForumsSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      <Skeleton className="h-10 w-64 max-w-full rounded-lg" />
      <ThreadListSkeleton />
    </div>
  );
}

/** One forum's threads: pinned first, then newest, with Load More; the empty states by tier. */
function ForumThreads({
  forum,
  isPremium,
  onStart,
  onUpgrade,
  onOpen,
}: {
  forum: Forum;
  isPremium: boolean;
  onStart: () => void;
  onUpgrade: () => void;
  onOpen: (id: string) => void;
}) {
  const threads = useInfiniteQuery(threadsQuery(forum.id));
  if (threads.isPending) return <ThreadListSkeleton />;
  if (threads.isError) return <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Could not load discussions. Please try again.</p>;
  const items = threads.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <div className={`flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed p-8 text-center ${LIST_PLACE}`} data-testid="forum-empty">
        <MessagesSquare aria-hidden className="size-8 text-muted-foreground" />
        {isPremium ? (
          <>
            <p>{FORUM_TEXT.emptyPremium(forum.name)}</p>
            <Button onClick={onStart}>
              <Plus aria-hidden /> Start Thread
            </Button>
          </>
        ) : (
          <>
            <p>{FORUM_TEXT.emptyFree}</p>
            <p className="text-sm text-muted-foreground">Upgrade to Premium to start threads. You can still reply, like and follow.</p>
            <Button variant="premium" onClick={onUpgrade}>
              <Crown aria-hidden /> Upgrade to Premium
            </Button>
          </>
        )}
      </div>
    );
  }
  return (
    <div className={`space-y-3 ${LIST_PLACE}`}>
      {items.map((t) => (
        <ThreadCard key={t.id} thread={t} onOpen={() => onOpen(t.id)} />
      ))}
      {threads.hasNextPage ? (
        <Button variant="outline" className="w-full" disabled={threads.isFetchingNextPage} onClick={() => void threads.fetchNextPage()}>
          Load More
        </Button>
      ) : null}
    </div>
  );
}

/** The Discussions section of a details page (spec 001 §2): the title's forum and one tab per genre. */
export function DiscussionsSection({ mediaType, mediaId, title }: { mediaType: MediaType; mediaId: number; title: string }) {
  useForumLive();
  const { session } = useSession();
  const isPremium = !!session?.access?.isPremium;
  const forums = useQuery(titleForumsQuery(mediaType, mediaId));
  const [tab, setTab] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [upgrading, setUpgrading] = useState(false);
  const [openThread, setOpenThread] = useState<string | null>(null);

  const all = forums.data ? [forums.data.title, ...forums.data.genres] : [];
  const current = all.find((f) => f.id === tab) ?? all[0];

  return (
    <section id="discussions" aria-labelledby="discussions-title" className="scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discussions-title" className="text-xl font-semibold">
          Discussions
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <ShareButtons title={title} />
          {isPremium && current ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden /> New Thread
            </Button>
          ) : null}
        </div>
      </div>
      {forums.isPending ? (
        <ForumsSkeleton />
      ) : forums.isError || !current ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Could not load discussions. Please try again.</p>
      ) : (
        <Tabs.Root value={current.id} onValueChange={setTab} className="flex flex-col gap-4">
          <Tabs.List aria-label="Forums" className="inline-flex max-w-full items-center gap-1 self-start overflow-x-auto rounded-lg bg-muted p-1">
            {all.map((f) => (
              <Tabs.Trigger key={f.id} value={f.id} className={trigger}>
                {f.type === 'title' ? f.name : `${f.name} forum`}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {all.map((f) => (
            <Tabs.Content key={f.id} value={f.id} className="outline-none">
              <ForumThreads forum={f} isPremium={isPremium} onStart={() => setCreating(true)} onUpgrade={() => setUpgrading(true)} onOpen={setOpenThread} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
      {current && isPremium ? <ThreadFormDialog open={creating} onOpenChange={setCreating} forumId={current.id} onCreated={setOpenThread} /> : null}
      <UpgradeDialog open={upgrading} onOpenChange={setUpgrading} description="Start forum threads and every other Premium feature." />
      <Dialog open={!!openThread} onOpenChange={(open) => !open && setOpenThread(null)}>
        <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
          <DialogTitle className="sr-only">Thread</DialogTitle>
          <DialogDescription className="sr-only">The thread and its replies</DialogDescription>
          {openThread ? <ThreadView threadId={openThread} onDeleted={() => setOpenThread(null)} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
