import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import type { accountsApi } from '@shared/api/accounts';
import { routeRef } from '@shared/api/contract';
import type { SessionView } from '@shared/session';

/** signedOut is ours, not the server's: set on sign-out so protected pages leave for home. */
export type SessionData = SessionView & { signedOut?: boolean };

/**
 * GET /api/session, by reference to its contract (accountsApi.session): the session is read by every
 * page, so the table itself (and with it the schema library, about 25 KB gzipped) stays out of the
 * landing page's JavaScript and its 150 KB budget (e2e/platform.e2e.ts).
 */
const sessionRoute = routeRef<typeof accountsApi.session>({ method: 'get', path: '/session' });
/**
 * Set when this tab signs out (or deletes the account), until it has arrived home or someone signs
 * in. The session may be asked again while the protected page is still on screen and home's code is
 * loading (the tab regains focus, the event stream is refused now the session is gone): that answer
 * keeps the marker, or the protected page takes it for a session ended elsewhere and sends the tab
 * to /auth.
 */
let signedOutInThisTab = false;
const fetchSession = async (signal: AbortSignal): Promise<SessionData> => {
  const data = await call(sessionRoute, {}, { signal });
  rememberSignedIn(!!data.user);
  if (data.user) signedOutInThisTab = false;
  return signedOutInThisTab ? { ...data, signedOut: true } : data;
};

export function markSignedOut(queryClient: QueryClient) {
  signedOutInThisTab = true;
  rememberSignedIn(false);
  queryClient.setQueryData<SessionData>(sessionQuery.queryKey, { user: null, access: null, signedOut: true });
}
/** Home is where a sign-out leads; once there, a later protected page asks to sign in again (/auth). */
export function arrivedHomeAfterSignOut(queryClient: QueryClient) {
  signedOutInThisTab = false;
  queryClient.setQueryData<SessionData>(sessionQuery.queryKey, (data) => (data?.signedOut ? { user: null, access: null } : data));
}

/**
 * Whether this browser was signed in when it last asked, so that a page drawn before the session
 * answers lays out as it will end up (the visitors' header has a search row on phones): no jump
 * when the answer comes (layout stability, issue 19). A guess only; nothing is shown or hidden on it.
 */
const SIGNED_IN_HINT = 'reelmates:signed-in';
export function rememberSignedIn(signedIn: boolean) {
  try {
    localStorage.setItem(SIGNED_IN_HINT, signedIn ? '1' : '0');
  } catch {
    // Storage off (a private window's quota, a policy): the guess is then "visitor".
  }
}
export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

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
