import type { FastifyRequest } from 'fastify';

/** Yalidine's list envelope. */
export interface ListAnswer<T> {
  has_more: boolean;
  total_data: number;
  data: Partial<T>[];
  links: { self: string; before?: string; next?: string };
}

export class ListError extends Error {}

const CONTROL = new Set(['page', 'page_size', 'fields', 'order_by', 'asc', 'desc']);
/** Filters on a date: one day, or two days separated by a comma for a range (inclusive). */
const DATE_FILTERS = new Set(['date_creation', 'date_last_status', 'date_status', 'date_expedition']);

function matches(value: unknown, name: string, wanted: string): boolean {
  const text = value === null || value === undefined ? '' : String(value);
  if (DATE_FILTERS.has(name)) {
    const [from, to = from] = wanted.split(',');
    const day = text.slice(0, 10);
    return day >= from && day <= to;
  }
  // Booleans come back as 1/0 or true/false; "true" and "false" filter both spellings.
  const options = wanted.split(',').map((option) => option.trim());
  const normalize = (v: string) => (v === 'true' ? '1' : v === 'false' ? '0' : v);
  return options.some((option) => normalize(option) === normalize(text));
}

/**
 * A page of `rows` as Yalidine answers a list: filters from the query (comma-separated values,
 * date ranges), `fields`, `order_by` with `asc`/`desc`, `page` and `page_size` (1 to 1000, 100).
 * `fixed` holds filters taken from the path (`/v1/parcels/yal-123456`).
 */
export function listAnswer<T extends object>(
  request: FastifyRequest,
  rows: T[],
  defaultOrder: { by: keyof T & string; descending: boolean },
  fixed: Record<string, string> = {},
): ListAnswer<T> {
  const query = { ...(request.query as Record<string, string>), ...fixed };
  const page = query.page === undefined ? 1 : Number(query.page);
  const size = query.page_size === undefined ? 100 : Number(query.page_size);
  if (!Number.isInteger(page) || page < 1) throw new ListError('page must be a whole number from 1');
  if (!Number.isInteger(size) || size < 1 || size > 1000)
    throw new ListError('page_size must be a whole number from 1 to 1000');

  let found = rows.filter((row) =>
    Object.entries(query).every(
      ([name, wanted]) => CONTROL.has(name) || !(name in row) || matches(row[name as keyof T], name, wanted),
    ),
  );
  const by = (query.order_by ?? defaultOrder.by) as keyof T;
  const descending = 'desc' in query ? true : 'asc' in query ? false : defaultOrder.descending;
  found = [...found].sort((a, b) => {
    const [x, y] = [a[by], b[by]] as unknown[];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });

  const fields = query.fields?.split(',').map((f) => f.trim());
  const shown = found.slice((page - 1) * size, page * size).map((row) => {
    if (!fields) return row;
    return Object.fromEntries(Object.entries(row).filter(([key]) => fields.includes(key))) as Partial<T>;
  });
  const url = (p: number) => {
    const params = new URLSearchParams({ ...(request.query as Record<string, string>), page: String(p) });
    return `${request.protocol}://${request.host}${request.url.split('?')[0]}?${params.toString()}`;
  };
  const hasMore = page * size < found.length;
  return {
    has_more: hasMore,
    total_data: found.length,
    data: shown,
    links: {
      self: url(page),
      ...(page > 1 ? { before: url(page - 1) } : {}),
      ...(hasMore ? { next: url(page + 1) } : {}),
    },
  };
}
