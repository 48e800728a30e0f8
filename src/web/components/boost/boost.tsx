import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Rocket } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError, call } from '@/lib/api';
import { matchesApi } from '@shared/api/matches';
import { type BoostState, matchMessages } from '@shared/matches';
import { formatTimeLeft } from './time-left';

/**
 * Boost (ruling 1), shared by the matches page ('Boost My Profile') and one's own profile
 * ('Boost Profile'). The server decides who, when and for how long; the page only shows its answer.
 */
export const boostQuery = queryOptions({ queryKey: ['boost'] as const, queryFn: ({ signal }) => call(matchesApi.boostState, {}, { signal }) });

/** Milliseconds left of a boost, counted from the server's clock at fetch time, ticking every second. */
export function useTimeLeft(expiresAt: string | null, serverNow?: string): number {
  const [offset] = useState(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, new Date(expiresAt).getTime() - (now + offset)) : 0;
}

export function useBoost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(matchesApi.boost),
    onSuccess: (state: BoostState) => {
      queryClient.setQueryData(boostQuery.queryKey, state);
      toast.success(matchMessages.boosted, { description: matchMessages.boostedDescription });
    },
    onError: (error) => {
      const code = error instanceof ApiError ? error.code : '';
      if (code === 'already_boosted') toast.error(matchMessages.alreadyBoosted);
      else if (code === 'boost_cooldown') toast.error(matchMessages.cooldown);
      else toast.error(matchMessages.boostFailed);
      void queryClient.invalidateQueries({ queryKey: boostQuery.queryKey });
    },
    // The profile header's badge and others' match lists read the boost too.
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'boost' && q.queryKey[0] !== 'session' }),
  });
}

/** 'Boost My Profile' / 'Boost Profile', or the disabled 'Boost active (for {time left})'. Premium users and admins only. */
export function BoostButton({ label }: { label: 'Boost My Profile' | 'Boost Profile' }) {
  const state = useQuery(boostQuery);
  const boost = useBoost();
  const left = useTimeLeft(state.data?.boostExpiresAt ?? null, state.data?.serverNow);
  if (left > 0) {
    return (
      <Button type="button" variant="outline" disabled>
        <Rocket aria-hidden /> Boost active (for {formatTimeLeft(left)})
      </Button>
    );
  }
  return (
    <Button type="button" disabled={boost.isPending || state.isPending} onClick={() => boost.mutate()}>
      <Rocket aria-hidden /> {label}
    </Button>
  );
}

/** The profile's 'Boosted ({time left})' badge, counting down live; gone when the boost ends. */
export function BoostedBadge({ expiresAt }: { expiresAt: string | null }) {
  const left = useTimeLeft(expiresAt);
  if (left <= 0) return null;
  return (
    // Counted from the server's clock when the page was drawn there, from the browser's after (ADR 094).
    <Badge suppressHydrationWarning>
      <Rocket aria-hidden /> Boosted ({formatTimeLeft(left)})
    </Badge>
  );
}
