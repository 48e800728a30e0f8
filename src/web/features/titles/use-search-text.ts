import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from './search-debounce';

/**
 * Search text kept in the URL query (?q=, replaced, not pushed): typing is local and reaches the URL
 * after a 500 ms pause; clearing applies at once. The text follows the URL when it changes elsewhere.
 */
export function useSearchText(param = 'q') {
  const [params, setParams] = useSearchParams();
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

  // The delayed write must use the newest query (another param may have changed during the pause).
  const latestSetParam = useRef(setParam);
  useEffect(() => {
    latestSetParam.current = setParam;
  }, [setParam]);

  const changeText = useCallback(
    (value: string) => {
      setText(value);
      clearTimeout(timer.current);
      if (!value.trim()) latestSetParam.current(param, '');
      else timer.current = setTimeout(() => latestSetParam.current(param, value), SEARCH_DEBOUNCE_MS);
    },
    [param],
  );

  return { q, text, changeText, params, setParam };
}
