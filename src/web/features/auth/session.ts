import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { SessionView } from '@shared/session';

/** signedOut is ours, not the server's: set on sign-out so protected pages leave for home. */
export type SessionData = SessionView & { signedOut?: boolean };

/**
 * GET /api/session (accountsApi.session in src/shared/api/accounts.ts), typed by its shared schema's
 * output. Not through `call`: the session is read by every page, so importing the table here would
 * put the schema library (zod, about 25 KB gzipped) into the landing page's JavaScript, past its
 * 150 KB budget (e2e/platform.e2e.ts). The API tests check the answer against the schema.
 */
const fetchSession = (signal: AbortSignal) => api<SessionData>('/api/session', { signal });

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
