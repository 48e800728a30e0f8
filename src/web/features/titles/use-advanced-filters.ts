import { useCallback, useMemo } from 'react';
import { useLiveSearchParams } from '@/lib/use-live-search-params';
import { type AdvancedFilters, advancedSearchParams, parseAdvancedFilters } from './advanced-filters';

/** Advanced Discovery filters read from and written to the URL query (replaced, so Back leaves the page); each change starts from the URL as it is now. */
export function useAdvancedFilters() {
  const [params, setParams] = useLiveSearchParams();
  const filters = useMemo(() => parseAdvancedFilters(params), [params]);
  const setFilters = useCallback(
    (change: (f: AdvancedFilters) => AdvancedFilters) => setParams((prev) => advancedSearchParams(change(parseAdvancedFilters(prev))), { replace: true }),
    [setParams],
  );
  return [filters, setFilters] as const;
}
