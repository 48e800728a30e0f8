import { useCallback, useRef } from 'react';

/**
 * Runs an action only when the previous run has settled. A button is disabled by its next render,
 * which two clicks of a double click both come before: without this, a double click sent the
 * request twice (and the second failed as a conflict). `run` gets the function to call when settled.
 */
export function useSingleFlight(): (run: (settled: () => void) => void) => void {
  const busy = useRef(false);
  return useCallback((run) => {
    if (busy.current) return;
    busy.current = true;
    run(() => {
      busy.current = false;
    });
  }, []);
}
