import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { filtersFrom, withFilter, type FilterName, type OrderFilters } from './filters';

/** The filters live in the URL, so a reload or Back keeps them. */
export function useOrderFilters(): [OrderFilters, (name: FilterName, value: string) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const setFilter = useCallback(
    (name: FilterName, value: string) => setParams((current) => withFilter(current, name, value)),
    [setParams],
  );
  return [filters, setFilter];
}

/** The value once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
