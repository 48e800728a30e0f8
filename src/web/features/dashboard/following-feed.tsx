import { useInfiniteQuery } from '@tanstack/react-query';
import { Bookmark, Eye, Heart, MessageSquare, RefreshCw, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { UserAvatar } from '@/components/ui/user-avatar';
import { FEED_TEXT, type FeedItem } from '@shared/feed';
import { ActivitySkeleton } from './activity-skeleton';
import { feedQuery } from './api';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ICONS = { favorite: Heart, rating: Star, watching: Eye, watchlist: Bookmark, thread: MessageSquare } as const;

const linkClass = 'font-medium text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none rounded';

/** "Ada favorited Fight Club · 4/5", with the person and the title as links. */
function Sentence({ item }: { item: FeedItem }) {
  const who = (
    <Link to={`/profile/${item.actor.id}`} className={linkClass}>
      {item.actor.fullName || item.actor.username}
    </Link>
  );
  const title = item.media ? (
    <Link to={`/details/${item.media.mediaType}/${item.media.mediaId}`} className={linkClass}>
      {item.media.title}
    </Link>
  ) : null;
  const rating = item.rating ? <span className="whitespace-nowrap text-muted-foreground"> · {item.rating}/5</span> : null;
  let text: ReactNode;
  switch (item.kind) {
    case 'favorite':
      text = (
        <>
          {who} favorited {title}
          {rating}
        </>
      );
      break;
    case 'rating':
      text = (
        <>
          {who} rated {title}
          {rating}
        </>
      );
      break;
    case 'watching':
      text = (
        <>
          {who} started watching {title}
        </>
      );
      break;
    case 'watchlist':
      text = (
        <>
          {who} added {title} to their watchlist
        </>
      );
      break;
    case 'thread':
      text = (
        <>
          {who} started a thread:{' '}
          <Link to={`/forums/threads/${item.thread?.id ?? ''}`} className={linkClass}>
            {item.thread?.title}
          </Link>
        </>
      );
      break;
  }
  return <p className="text-sm break-words text-muted-foreground">{text}</p>;
}

function Item({ item }: { item: FeedItem }) {
  const Icon = ICONS[item.kind];
  return (
    <li className="flex items-start gap-3 py-2" data-testid="feed-item" data-kind={item.kind}>
      <span className="relative shrink-0">
        <UserAvatar name={item.actor.fullName || item.actor.username} src={item.actor.avatarUrl} className="size-8 text-sm" />
        <span aria-hidden className="absolute -right-1 -bottom-1 flex size-4 items-center justify-center rounded-full bg-background text-primary [&_svg]:size-3">
          <Icon />
        </span>
      </span>
      <div className="min-w-0 flex-1">
        <Sentence item={item} />
        <time className="text-xs text-muted-foreground" dateTime={item.createdAt}>
          {when(item.createdAt)}
        </time>
      </div>
      {item.media?.posterPath ? <img src={item.media.posterPath} alt="" loading="lazy" className="h-12 w-8 shrink-0 rounded object-cover" /> : null}
    </li>
  );
}

/**
 * The Following tab of the dashboard's activity card (issue 21 part 3, decision 052): what the
 * people the user follows did, newest first, 20 at a time with 'Load more'; live through
 * `feed-changed` events (use-dashboard-events.ts).
 */
export function FollowingFeed() {
  const feed = useInfiniteQuery(feedQuery);
  if (feed.isPending) {
    return <ActivitySkeleton label="Loading activity from people you follow" lineWidth="w-3/4" testId="feed-loading" />;
  }
  if (feed.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3" role="alert">
        <p className="text-sm text-destructive">{FEED_TEXT.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
          <RefreshCw aria-hidden /> {FEED_TEXT.retry}
        </Button>
      </div>
    );
  }
  const items = feed.data.pages.flatMap((p) => p.items);
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-start gap-2" data-testid="feed-empty">
        <p className="text-sm text-muted-foreground">{FEED_TEXT.empty}</p>
        <Link to="/matches" className="text-sm font-medium text-primary underline-offset-2 hover:underline">
          {FEED_TEXT.findPeople}
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <ul className="max-h-80 divide-y overflow-y-auto pr-1 lg:max-h-[26rem]" aria-label="Activity from people you follow" data-testid="feed-list">
        {items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
      </ul>
      {feed.hasNextPage ? (
        <Button variant="outline" size="sm" className="self-center" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
          {feed.isFetchingNextPage ? 'Loading…' : FEED_TEXT.loadMore}
        </Button>
      ) : null}
      {feed.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-destructive">
          {FEED_TEXT.loadFailed}
        </p>
      ) : null}
    </div>
  );
}
