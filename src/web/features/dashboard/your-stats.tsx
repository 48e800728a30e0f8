import { Check, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Dashboard } from '@shared/dashboard';

/** Your Stats: the profile-completeness score (ruling 12) and the steps that would raise it. */
export function YourStats({ data, failed }: { data: Dashboard | undefined; failed: boolean }) {
  const c = data?.completeness;
  const missing = c?.steps.filter((s) => !s.done) ?? [];
  return (
    <Card className="min-w-0" data-testid="your-stats">
      <CardHeader>
        <CardTitle>Your Stats</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {!c ? (
          failed ? (
            <p className="text-sm text-muted-foreground">Stats are unavailable right now.</p>
          ) : (
            <>
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-2 w-full" />
              <Skeleton className="h-4 w-3/4" />
            </>
          )
        ) : (
          <>
            <div className="flex items-baseline justify-between gap-2">
              <span className="text-sm font-medium" id="profile-score-label">
                Profile score
              </span>
              <span className="text-2xl font-bold tabular-nums" data-testid="profile-score">
                {c.score}%
              </span>
            </div>
            <div
              role="progressbar"
              aria-labelledby="profile-score-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={c.score}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${c.score}%` }} />
            </div>
            {missing.length === 0 ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Check className="size-4 text-primary" aria-hidden /> Your profile is complete.
              </p>
            ) : (
              <>
                <p className="text-sm text-muted-foreground">To raise it:</p>
                <ul className="flex flex-col gap-1.5" data-testid="profile-score-steps">
                  {missing.map((s) => (
                    <li key={s.key}>
                      <Link
                        to={s.key === 'favorites' || s.key === 'watchlist' ? '/search' : '/settings'}
                        className="flex items-center justify-between gap-2 rounded text-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
                      >
                        <span className="flex min-w-0 items-center gap-2">
                          <Plus className="size-3.5 shrink-0 text-primary" aria-hidden />
                          <span className="truncate">{s.label}</span>
                        </span>
                        <span className="shrink-0 text-xs font-medium text-primary">+{s.points}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
