import { Crown, RefreshCw, Search, TriangleAlert, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BoostButton } from '@/components/boost/boost';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth/session';
import { cn } from '@/lib/utils';
import { FREE_MATCHES_PER_DAY, matchMessages } from '@shared/matches';
import { FAVORITE_GENRE_NAMES } from '@shared/settings';
import { useMatches } from './api';
import { MatchCard } from './match-card';

function UpsellCard() {
  return (
    <li className="flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-primary/40 bg-primary/5 p-6 text-center" data-testid="matches-upsell">
      <Crown className="size-8 text-primary" aria-hidden />
      <p className="text-lg font-semibold">See all your matches</p>
      <p className="text-sm text-muted-foreground">
        Free members see {FREE_MATCHES_PER_DAY} matches a day. Premium shows everyone who shares your taste, with the genre filter and a profile boost.
      </p>
      <Button asChild>
        <Link to="/pricing">Upgrade to Premium</Link>
      </Button>
    </li>
  );
}

/** /matches (spec 001 §2): 'Your Matches', search, boost, genre filter (premium), cards, upsell, empty and error states. */
export default function MatchesPage() {
  const { session } = useSession();
  const premium = !!session?.access?.isPremium;
  const [genres, setGenres] = useState<string[]>([]);
  const [q, setQ] = useState('');
  const matches = useMatches(premium ? genres : []);
  const pages = matches.data?.pages;
  const limited = pages?.[0]?.limited ?? !premium;
  const all = useMemo(() => (pages ?? []).flatMap((p) => p.matches), [pages]);
  const needle = q.trim().toLowerCase();
  const shown = needle ? all.filter((m) => m.user.username.toLowerCase().includes(needle) || (m.user.fullName ?? '').toLowerCase().includes(needle)) : all;
  const toggleGenre = (g: string) => setGenres((list) => (list.includes(g) ? list.filter((x) => x !== g) : [...list, g]));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 pb-24 md:pb-8">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Your Matches</h1>
          <p className="text-sm text-muted-foreground">People whose favorites overlap with yours.</p>
        </div>
        {premium ? <BoostButton label="Boost My Profile" /> : null}
      </div>
      <div className="mb-4 relative max-w-md">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search by username or name" aria-label="Search matches by username or name" className="pl-9" />
      </div>
      {premium ? (
        <div className="mb-6 flex flex-wrap gap-2" role="group" aria-label="Filter by genre">
          {FAVORITE_GENRE_NAMES.map((g) => (
            <button
              key={g}
              type="button"
              aria-pressed={genres.includes(g)}
              onClick={() => toggleGenre(g)}
              className={cn(
                'rounded-full border px-3 py-1 text-xs transition-colors',
                genres.includes(g) ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-accent',
              )}
            >
              {g}
            </button>
          ))}
          {genres.length > 0 ? (
            <Button variant="ghost" size="sm" className="h-7" onClick={() => setGenres([])}>
              Clear all
            </Button>
          ) : null}
        </div>
      ) : null}

      {matches.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading matches">
          {Array.from({ length: 3 }, (_, i) => (
            <li key={i}>
              <Skeleton className="h-80 w-full rounded-xl" />
            </li>
          ))}
        </ul>
      ) : matches.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-10 text-center">
          <TriangleAlert className="size-8 text-destructive" aria-hidden />
          <p className="font-medium">{matchMessages.loadFailed}</p>
          <Button variant="outline" onClick={() => void matches.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <div className="space-y-4">
          <div role="status" className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-12 text-center">
            <Users className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">No matches found</p>
            <p className="text-sm text-muted-foreground">Favorite more titles to find people who share your taste.</p>
            <Button asChild variant="outline">
              <Link to="/discover">Discover Content</Link>
            </Button>
          </div>
          {limited ? (
            <ul>
              <UpsellCard />
            </ul>
          ) : null}
        </div>
      ) : (
        <>
          <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', matches.isPlaceholderData && 'opacity-60')}>
            {shown.map((m) => (
              <MatchCard key={m.user.id} match={m} />
            ))}
            {limited ? <UpsellCard /> : null}
          </ul>
          {matches.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" disabled={matches.isFetchingNextPage} onClick={() => void matches.fetchNextPage()}>
                {matches.isFetchingNextPage ? 'Loading…' : 'Load More'}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
