import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type AdvancedFilters, advancedSearchParams, parseAdvancedFilters } from './advanced-filters';

/** Advanced Discovery filters read from and written to the URL query (replaced, so Back leaves the page). */
export function useAdvancedFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseAdvancedFilters(params), [params]);
  const setFilters = useCallback(
    (change: (f: AdvancedFilters) => AdvancedFilters) => setParams((prev) => advancedSearchParams(change(parseAdvancedFilters(prev))), { replace: true }),
    [setParams],
  );
  return [filters, setFilters] as const;
}
