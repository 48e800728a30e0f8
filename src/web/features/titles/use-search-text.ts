import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveSearchParams } from '@/lib/use-live-search-params';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';

/**
 * Search text kept in the URL query (?q=, replaced, not pushed): typing is local and reaches the URL
 * after a 500 ms pause; clearing applies at once. The text follows the URL when it changes elsewhere.
 */
export function useSearchText(param = 'q') {
  const [params, setParams] = useLiveSearchParams();
  const q = params.get(param) ?? '';
  const [text, setText] = useState(q);
  const [syncedQ, setSyncedQ] = useState(q);
  if (q !== syncedQ) {
    setSyncedQ(q);
    setText(q);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const setParam = useCallback(
    (name: string, value: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value.trim()) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // setParam reads the URL when it runs, so a write after the pause keeps params changed during it.
  const changeText = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      if (!value.trim()) setParam(param, '');
      else timer.current = setTimeout(() => setParam(param, value), SEARCH_DEBOUNCE_MS);
    },
    [param, setParam],
  );

  return { q, text, changeText, params, setParam };
}
