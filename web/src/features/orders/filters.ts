import { ORDER_STATUSES } from './statuses';
import { WILAYA_OPTIONS } from './wilayas';

/** The filters of the orders screen, as they sit in the URL (?q=&status=&region=&from=&to=). */
export interface OrderFilters {
  q: string;
  status: string;
  /** A wilaya code, 1 to 58, as text. */
  region: string;
  /** yyyy-mm-dd, as the date input gives it. */
  from: string;
  to: string;
  /** One of the user's stores, or every store when empty. */
  storeId: string;
}

export type FilterName = keyof OrderFilters;
export const FILTER_NAMES: readonly FilterName[] = ['q', 'status', 'region', 'from', 'to', 'storeId'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const known = {
  q: (value: string) => value,
  status: (value: string) => ((ORDER_STATUSES as readonly string[]).includes(value) ? value : ''),
  region: (value: string) => (WILAYA_OPTIONS.some((option) => String(option.code) === value) ? value : ''),
  from: (value: string) => (DAY.test(value) ? value : ''),
  to: (value: string) => (DAY.test(value) ? value : ''),
  storeId: (value: string) => (UUID.test(value) ? value : ''),
} satisfies Record<FilterName, (value: string) => string>;

/** The filters a URL holds; a value the screen cannot offer (a typo, an old link) is dropped. */
export function filtersFrom(params: URLSearchParams): OrderFilters {
  const read = (name: FilterName) => known[name](params.get(name) ?? '');
  return {
    q: read('q'),
    status: read('status'),
    region: read('region'),
    from: read('from'),
    to: read('to'),
    storeId: read('storeId'),
  };
}

/** The URL's parameters with one filter set, or removed when empty; other parameters stay. */
export function withFilter(params: URLSearchParams, name: FilterName, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

function localDay(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number);
  const moment = end
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0);
  return moment.toISOString();
}

/** The filters as the API takes them: only those set, dates as the local day's start and end. */
export function bulkFilter(filters: OrderFilters): Partial<Record<FilterName, string>> {
  const sent: Partial<Record<FilterName, string>> = {};
  const q = filters.q.trim();
  if (q) sent.q = q;
  if (filters.status) sent.status = filters.status;
  if (filters.region) sent.region = filters.region;
  if (filters.from) sent.from = localDay(filters.from, false);
  if (filters.to) sent.to = localDay(filters.to, true);
  if (filters.storeId) sent.storeId = filters.storeId;
  return sent;
}

/** The request's query: the filters, the page size and cursor. */
export function ordersQuery(filters: OrderFilters, limit: number, cursor?: string | null): string {
  const query = new URLSearchParams(bulkFilter(filters));
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}
