import { Film, MessageCircle, MessagesSquare, Rocket, User, UserCheck, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DemoBadge } from '@/components/demo/demo-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SafetyMenu } from '@/components/safety/safety-menu';
import { UserAvatar } from '@/components/ui/user-avatar';
import type { Match } from '@shared/matches';
import type { SharedFavorite } from '@shared/lists';
import { useAllShared, useMatchFollow } from './api';

const nameOf = (m: Match) => m.user.fullName || m.user.username || 'User';

function Poster({ item, className }: { item: SharedFavorite; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <Link to={`/details/${item.mediaType}/${item.mediaId}`} title={item.title} className={className}>
      {item.posterPath && !failed ? (
        <img src={item.posterPath} alt={item.title} loading="lazy" onError={() => setFailed(true)} className="aspect-[2/3] w-full rounded-md border object-cover" />
      ) : (
        <span className="flex aspect-[2/3] w-full items-center justify-center rounded-md border bg-muted p-1 text-center text-[10px] leading-tight text-muted-foreground">
          <Film className="sr-only" aria-hidden />
          {item.title}
        </span>
      )}
    </Link>
  );
}

/** Why these two match (beyond the spec): titles shared, how close the ratings are, genres both love. */
export function whyText(m: Match): string {
  const parts = [`You share ${m.sharedFavoritesCount} ${m.sharedFavoritesCount === 1 ? 'title' : 'titles'}`];
  parts.push(
    m.ratingGap === 0
      ? 'rated them the same'
      : `ratings ${m.ratingGap.toLocaleString(undefined, { maximumFractionDigits: 1 })} ${m.ratingGap === 1 ? 'star' : 'stars'} apart on average`,
  );
  if (m.sharedGenres.length > 0) parts.push(`you both love ${m.sharedGenres.join(', ')}`);
  return parts.join(' · ');
}

function AllSharedDialog({ match, open, onOpenChange }: { match: Match; open: boolean; onOpenChange: (open: boolean) => void }) {
  const shared = useAllShared(match.user.id, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Shared favorites with {nameOf(match)}</DialogTitle>
        </DialogHeader>
        {shared.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : shared.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load matches. Please try again.
          </p>
        ) : (
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
            {shared.data.items.map((item) => (
              <li key={`${item.mediaType}-${item.mediaId}`} className="space-y-1">
                <Poster item={item} />
                <p className="truncate text-xs">{item.title}</p>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One match (spec 001 §2): who, how much, why, and what to do next. */
export function MatchCard({ match }: { match: Match }) {
  const follow = useMatchFollow();
  const [allOpen, setAllOpen] = useState(false);
  const first = match.sharedFavorites[0];
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm" aria-label={`Match: ${nameOf(match)}`}>
      <div className="flex items-start gap-3">
        <UserAvatar name={nameOf(match)} src={match.user.avatarUrl} className="size-14 text-xl" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-lg font-semibold">{nameOf(match)}</h2>
            {match.boosted ? (
              <Badge>
                <Rocket aria-hidden /> Boosted
              </Badge>
            ) : null}
            <DemoBadge isDemo={match.user.isDemo} />
          </div>
          <p className="truncate text-sm text-muted-foreground">@{match.user.username}</p>
        </div>
        <div className="text-right">
          <p className="text-2xl font-bold text-primary tabular-nums" data-testid="match-percentage">
            {match.matchPercentage}%
          </p>
          <p className="text-xs text-muted-foreground">match</p>
        </div>
        {/* Mute and Block (issue 20, part 1): a block takes the card away, as the server no longer matches the two. */}
        <div className="-mr-2 -mt-1">
          <SafetyMenu target={{ id: match.user.id, name: nameOf(match), blocked: false, muted: match.isMuted }} />
        </div>
      </div>
      <p className="text-sm" data-testid="match-why">
        {whyText(match)}
      </p>
      <div>
        <div className="mb-2 flex items-center justify-between">
          <p className="text-sm font-medium">Shared favorites</p>
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setAllOpen(true)}>
            View All
          </Button>
        </div>
        <ul className="grid grid-cols-5 gap-2">
          {match.sharedFavorites.map((item) => (
            <li key={`${item.mediaType}-${item.mediaId}`}>
              <Poster item={item} />
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant={match.isFollowing ? 'outline' : 'default'}
          aria-pressed={match.isFollowing}
          disabled={follow.isPending}
          onClick={() => follow.mutate({ userId: match.user.id, follow: !match.isFollowing })}
        >
          {match.isFollowing ? <UserCheck aria-hidden /> : <UserPlus aria-hidden />}
          {match.isFollowing ? 'Following' : 'Follow'}
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={`/profile/${match.user.id}`}>
            <User aria-hidden /> View Profile
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={`/messages?conversation_with=${encodeURIComponent(match.user.id)}`}>
            <MessageCircle aria-hidden /> Message
          </Link>
        </Button>
        {first ? (
          <Button asChild size="sm" variant="ghost">
            <Link to={`/details/${first.mediaType}/${first.mediaId}#discussions`}>
              <MessagesSquare aria-hidden /> Start Discussion
            </Link>
          </Button>
        ) : null}
      </div>
      <AllSharedDialog match={match} open={allOpen} onOpenChange={setAllOpen} />
    </li>
  );
}
