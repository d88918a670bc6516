import { normalizePlaceName } from '@tawsil/geo-dz';

/** ZR's search body: keyword, advanced filter and paging (pageNumber 1–10000, pageSize 1–1000). */
export interface SearchBody {
  keyword?: string | null;
  advancedFilter?: Filter | null;
  pageNumber?: number;
  pageSize?: number;
}

export interface Filter {
  logic?: string | null;
  filters?: Filter[] | null;
  field?: string | null;
  operator?: string | null;
  value?: unknown;
}

function valueAt(item: unknown, path: string): unknown {
  let current: unknown = item;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    const key = Object.keys(current).find((name) => name.toLowerCase() === part.toLowerCase());
    current = key === undefined ? undefined : (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Whether an item passes a filter; `eq`, `neq` and `contains`, combined by `and` / `or`. */
export function passes(item: unknown, filter: Filter | null | undefined): boolean {
  if (!filter) return true;
  if (filter.filters?.length) {
    const results = filter.filters.map((inner) => passes(item, inner));
    return filter.logic?.toLowerCase() === 'or' ? results.some(Boolean) : results.every(Boolean);
  }
  if (!filter.field) return true;
  const actual = valueAt(item, filter.field);
  const operator = (filter.operator ?? 'eq').toLowerCase();
  if (operator === 'contains')
    return normalizePlaceName(String(actual ?? '')).includes(normalizePlaceName(String(filter.value ?? '')));
  const equal = String(actual).toLowerCase() === String(filter.value).toLowerCase();
  return operator === 'neq' ? !equal : equal;
}

/** Whether a keyword (accents and case ignored) appears in one of the texts. */
export function matchesKeyword(keyword: string | null | undefined, texts: (string | null | undefined)[]) {
  if (!keyword?.trim()) return true;
  const wanted = normalizePlaceName(keyword);
  return texts.some((text) => text && normalizePlaceName(text).includes(wanted));
}

/** A paging problem in words, or undefined when the numbers are within ZR's bounds. */
export function pagingProblem(body: SearchBody): string | undefined {
  const { pageNumber = 1, pageSize = 10 } = body;
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > 10_000)
    return 'PageNumber must be between 1 and 10000';
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000)
    return 'PageSize must be between 1 and 1000';
  return undefined;
}

export function page<T>(items: T[], body: SearchBody) {
  const pageNumber = body.pageNumber ?? 1;
  const pageSize = body.pageSize ?? 10;
  const totalPages = Math.ceil(items.length / pageSize);
  return {
    items: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    pageNumber,
    pageSize,
    totalCount: items.length,
    totalPages,
    hasPrevious: pageNumber > 1,
    hasNext: pageNumber < totalPages,
  };
}
