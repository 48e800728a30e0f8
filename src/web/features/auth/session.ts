import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { accountsApi } from '@shared/api/accounts';
import type { SessionView } from '@shared/session';

/** signedOut is ours, not the server's: set on sign-out so protected pages leave for home. */
export type SessionData = SessionView & { signedOut?: boolean };

const fetchSession = (signal: AbortSignal): Promise<SessionData> => call(accountsApi.session, {}, { signal });

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: 60_000,
  retry: 1,
  // Access (subscription, trial) is rechecked when the tab becomes visible again.
  refetchOnWindowFocus: 'always',
});

/** Who is signed in (null when nobody), with their access flags. */
export function useSession() {
  const query = useQuery(sessionQuery);
  return { session: query.data?.user ? query.data : null, user: query.data?.user ?? null, isPending: query.isPending, signedOut: !!query.data?.signedOut };
}
