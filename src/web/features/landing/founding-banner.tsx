import { queryOptions, useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { call } from '@/lib/api';
import type { accountsApi } from '@shared/api/accounts';
import { routeRef } from '@shared/api/contract';

const foundingRoute = routeRef<typeof accountsApi.founding>({ method: 'get', path: '/founding' });

export const foundingQuery = queryOptions({
  queryKey: ['founding'],
  // By reference to its contract, keeping the schema library out of the landing page (see features/auth/session.ts).
  queryFn: ({ signal }) => call(foundingRoute, {}, { signal }),
  staleTime: 30_000,
  // Signed-out visitors (the only ones who see the banner) have no event stream: poll gently.
  // Signed-in tabs also refetch it on the 'founding-count' event.
  refetchInterval: 30_000,
});

/** Spots remaining of the first 1,000; hidden when they are gone (the page hides it for signed-in users). */
export function FoundingBanner() {
  const { data } = useQuery(foundingQuery);
  if (!data || data.remaining <= 0) return null;
  return (
    <section aria-label="Founding members" className="mx-auto max-w-5xl px-4">
      <div className="flex flex-col items-center gap-4 rounded-2xl border border-amber-400/50 bg-gradient-to-r from-amber-400/15 via-orange-400/10 to-rose-500/15 p-6 text-center sm:flex-row sm:text-left">
        <Sparkles className="size-8 shrink-0 text-amber-500" aria-hidden />
        <div className="flex-1">
          <h2 className="text-lg font-bold">Become a Founding Member</h2>
          <p className="text-sm text-muted-foreground">
            The first {data.limit.toLocaleString()} members get lifetime Premium and a Founding Member badge.{' '}
            <strong className="text-foreground" data-testid="founding-remaining">
              {data.remaining.toLocaleString()} spots remaining
            </strong>
            .
          </p>
        </div>
        <Button asChild>
          <Link to="/auth" state={{ from: 'signup' }}>
            Claim your spot
          </Link>
        </Button>
      </div>
    </section>
  );
}
