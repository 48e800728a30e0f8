import { DemoBadge } from '@/components/demo/demo-badge';
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { type Dashboard, DASHBOARD_TEXT, type Suggestion } from '@shared/dashboard';
import { useFollowSuggestion } from './api';

const why = (s: Suggestion) =>
  s.reason === 'match' && s.matchPercentage !== null
    ? `${s.matchPercentage}% match`
    : s.sharedGenres.length > 0
      ? `Also loves ${s.sharedGenres.slice(0, 2).join(', ')}`
      : 'Similar taste';

/** People You Might Like (ruling 23): top matches not followed yet, then people who share genres. */
export function PeopleYouMightLike({ data, failed }: { data: Dashboard | undefined; failed: boolean }) {
  const follow = useFollowSuggestion();
  return (
    <Card className="min-w-0" data-testid="people-you-might-like">
      <CardHeader>
        <CardTitle>People You Might Like</CardTitle>
      </CardHeader>
      <CardContent>
        {!data ? (
          failed ? (
            <p className="text-sm text-muted-foreground">Suggestions are unavailable right now.</p>
          ) : (
            <ul aria-label="Loading suggestions" className="flex flex-col gap-3">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} className="flex items-center gap-3">
                  <Skeleton className="size-9 rounded-full" />
                  <Skeleton className="h-4 flex-1" />
                </li>
              ))}
            </ul>
          )
        ) : data.suggestions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXT.suggestionsEmpty}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {data.suggestions.map((s) => {
              const name = s.user.fullName || s.user.username;
              return (
                <li key={s.user.id} className="flex items-center gap-3" data-testid="suggestion">
                  <Link
                    to={`/profile/${encodeURIComponent(s.user.id)}`}
                    className="flex min-w-0 flex-1 items-center gap-3 rounded hover:underline focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
                  >
                    <UserAvatar name={name} src={s.user.avatarUrl} className="size-9 text-sm" />
                    <span className="min-w-0">
                      <span className="flex min-w-0 items-center gap-1.5">
                        <span className="truncate text-sm font-medium">{name}</span>
                        <DemoBadge isDemo={s.user.isDemo} />
                      </span>
                      <span className="block truncate text-xs text-muted-foreground">{why(s)}</span>
                    </span>
                  </Link>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Follow ${name}`}
                    disabled={follow.isPending && follow.variables === s.user.id}
                    onClick={() => follow.mutate(s.user.id)}
                  >
                    <UserPlus aria-hidden /> Follow
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
