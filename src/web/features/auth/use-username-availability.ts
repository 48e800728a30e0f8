import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api';

const DELAY_MS = 500;

export type Availability = { state: 'idle' } | { state: 'checking' } | { state: 'available' } | { state: 'taken' } | { state: 'invalid'; message: string };

/** Checks a username 500 ms after typing stops, lowercased, only from 3 characters on. */
export function useUsernameAvailability(username: string): Availability {
  const [debounced, setDebounced] = useState(username);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(username), DELAY_MS);
    return () => clearTimeout(t);
  }, [username]);
  const name = debounced.trim().toLowerCase();
  const enabled = name.length >= 3;
  const query = useQuery({
    queryKey: ['username-available', name],
    queryFn: ({ signal }) => api<{ available: boolean; problems: string[] }>(`/api/accounts/username-available?username=${encodeURIComponent(name)}`, { signal }),
    enabled,
    staleTime: 10_000,
  });
  if (username.trim().length < 3) return { state: 'idle' };
  if (username !== debounced || query.isFetching) return { state: 'checking' };
  if (!query.data) return { state: 'idle' };
  if (query.data.problems.length) return { state: 'invalid', message: query.data.problems[0]! };
  return query.data.available ? { state: 'available' } : { state: 'taken' };
}
