export type SortDirection = 'ascending' | 'descending';
export type SortValue = number | string | null;

/**
 * The rows ordered by one value; rows without a value (a rate with nothing to divide) go last
 * either way, and equal rows keep the server's order.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
) {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
    if (typeof left === 'string' || typeof right === 'string') {
      return sign * String(left).localeCompare(String(right), 'fr');
    }
    return sign * (left - right);
  });
}
