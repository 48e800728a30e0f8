import { useCallback } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

/** The query string in the address bar now. */
export const liveSearchParams = () => new URLSearchParams(window.location.search);

/**
 * useSearchParams whose update starts from the address bar, not from the params of the last render.
 * React Router draws each navigation inside startTransition: on a slow phone, or while the next screen
 * suspends, the old render stays, and a second change computed from its params would silently drop the
 * first (a fast user's genre and rating, lost). The URL itself is written at once, so it is the newest truth.
 */
export function useLiveSearchParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback((change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => setParams(change(liveSearchParams()), options), [setParams]);
  return [params, update] as const;
}
