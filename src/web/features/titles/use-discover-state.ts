import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { liveSearchParams, useLiveSearchParams } from '@/lib/use-live-search-params';
import { type DiscoverState, discoverSearchParams, parseDiscoverParams } from './discover-params';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';

/**
 * The /discover state lives in the URL query (replaced, not pushed), so leaving for a title and coming
 * back restores it. The search text is local while typing and reaches the URL after a 500 ms pause.
 */
export function useDiscoverState() {
  const [params, setParams] = useLiveSearchParams();
  const state = useMemo(() => parseDiscoverParams(params), [params]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The text follows the URL whenever the URL changes from elsewhere (a link, back navigation).
  const [text, setText] = useState(state.q);
  const [syncedQ, setSyncedQ] = useState(state.q);
  if (state.q !== syncedQ) {
    setSyncedQ(state.q);
    setText(state.q);
  }

  const write = useCallback((next: DiscoverState) => setParams(() => discoverSearchParams(next), { replace: true }), [setParams]);

  /** Applies a change now; search text still waiting for its pause is applied with it (unless the change clears it). */
  const update = useCallback(
    (change: (s: DiscoverState) => DiscoverState) => {
      clearTimeout(timer.current);
      // From the URL as it is now, not this render's state (see useLiveSearchParams).
      const current = parseDiscoverParams(liveSearchParams());
      const base = pending.current === null ? current : { ...current, q: pending.current };
      pending.current = null;
      const next = change(base);
      setText(next.q);
      write(next);
    },
    [write],
  );

  const changeText = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      pending.current = value;
      const commit = () => {
        pending.current = null;
        write({ ...parseDiscoverParams(liveSearchParams()), q: value });
      };
      if (!value.trim()) commit();
      else timer.current = setTimeout(commit, SEARCH_DEBOUNCE_MS);
    },
    [write],
  );

  return { state, update, text, changeText };
}
