import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 2 && isWorthRetrying(error),
      },
    },
  });
}

/**
 * Client errors will not change on retry; network and server errors may. An upstream that did not answer
 * in time is not asked again behind the person's back: they already waited the server's whole budget,
 * and the page offers Try again instead.
 */
export function isWorthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status >= 400 && error.status < 500) return false;
  return error.code !== 'upstream_timeout';
}
