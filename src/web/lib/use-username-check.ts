import { useQuery } from '@tanstack/react-query';
import { accountsApi } from '@shared/api/accounts';
import { call } from './api';
import { useDebounced } from '@/lib/use-debounced';

/** Spec 000 §5: availability is checked 500 ms after typing stops. */
const DELAY_MS = 500;

export type UsernameCheck = { state: 'idle' } | { state: 'checking' } | { state: 'available' } | { state: 'taken' } | { state: 'invalid'; message: string };

/**
 * Checks a username 500 ms after typing stops, lowercased, from 3 characters on, with the rules of
 * the sign-up form or of the profile form. `current` (the user's own name) counts as available.
 */
export function useUsernameCheck(username: string, options: { form: 'signup' | 'profile'; current?: string }): UsernameCheck {
  const debounced = useDebounced(username, DELAY_MS);
  const name = debounced.trim().toLowerCase();
  const unchanged = options.current !== undefined && username.trim().toLowerCase() === options.current.toLowerCase();
  const query = useQuery({
    queryKey: ['username-available', options.form, name],
    queryFn: ({ signal }) => call(accountsApi.usernameAvailable, { query: { form: options.form === 'profile' ? 'profile' : undefined, username: name } }, { signal }),
    enabled: name.length >= 3 && !unchanged,
    staleTime: 10_000,
  });
  if (unchanged || username.trim().length < 3) return { state: 'idle' };
  if (username !== debounced || query.isFetching) return { state: 'checking' };
  if (!query.data) return { state: 'idle' };
  if (query.data.problems.length) return { state: 'invalid', message: query.data.problems[0]! };
  return query.data.available ? { state: 'available' } : { state: 'taken' };
}
