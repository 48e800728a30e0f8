import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { checkUsername, settingsKeys } from './api';

const DELAY_MS = 500;

export type UsernameCheck = { state: 'idle' } | { state: 'checking' } | { state: 'available' } | { state: 'taken' } | { state: 'invalid'; message: string };

/**
 * Checks a username with the profile form's rules, 500 ms after typing stops, lowercased, from 3
 * characters on. The user's current name counts as available (the server knows who asks).
 */
export function useUsernameCheck(username: string, current: string): UsernameCheck {
  const [debounced, setDebounced] = useState(username);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(username), DELAY_MS);
    return () => clearTimeout(t);
  }, [username]);
  const name = debounced.trim().toLowerCase();
  const unchanged = username.trim().toLowerCase() === current.toLowerCase();
  const query = useQuery({
    queryKey: settingsKeys.usernameCheck(name),
    queryFn: ({ signal }) => checkUsername(name, signal),
    enabled: name.length >= 3 && !unchanged,
    staleTime: 10_000,
  });
  if (unchanged || username.trim().length < 3) return { state: 'idle' };
  if (username !== debounced || query.isFetching) return { state: 'checking' };
  if (!query.data) return { state: 'idle' };
  if (query.data.problems.length) return { state: 'invalid', message: query.data.problems[0]! };
  return query.data.available ? { state: 'available' } : { state: 'taken' };
}
