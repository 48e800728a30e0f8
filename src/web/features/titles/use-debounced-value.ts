import { useEffect, useState } from 'react';

/** Search runs after a 500 ms pause (spec 001 §5). */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value`, once it has stopped changing for `ms` milliseconds. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
