import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFromParams, writeFilters, type MassFilters } from './mass-filters';

/** The mass report's filters, kept in the URL's search params; a change replaces the history entry. */
export function useMassFilters(): [MassFilters, (change: Partial<MassFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const update = useCallback(
    (change: Partial<MassFilters>) =>
      setParams((prev) => writeFilters(prev, { ...filtersFromParams(prev), ...change }), { replace: true }),
    [setParams],
  );
  return [filters, update];
}
