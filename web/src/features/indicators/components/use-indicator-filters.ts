import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromParams, writeFilters, type IndicatorFilters } from './filters';

/** The screen's filters, kept in the URL's search params; a change replaces the history entry. */
export function useIndicatorFilters(): [IndicatorFilters, (change: Partial<IndicatorFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const update = useCallback(
    (change: Partial<IndicatorFilters>) =>
      setParams((prev) => writeFilters(prev, { ...filtersFromParams(prev), ...change }), { replace: true }),
    [setParams],
  );
  return [filters, update];
}
