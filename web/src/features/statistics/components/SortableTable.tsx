import { useMemo, useState, type ReactNode } from 'react';
import { sortRows, type SortDirection, type SortValue } from '../sort';
import type { FigureDefinition } from '../definitions';
import { Definition } from './Definition';

export interface Column<Row> {
  id: string;
  header: string;
  definition?: FigureDefinition;
  /** What the column sorts by; null (a rate with nothing to divide) sorts last. */
  sortValue: (row: Row) => SortValue;
  cell: (row: Row) => ReactNode;
  /** Numbers align right and sort from the largest first on the first click. */
  numeric?: boolean;
}

interface SortableTableProps<Row> {
  label: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The order the server sends the rows in. */
  sortedBy: string;
  empty: string;
}

/** A table sorted by clicking a column's header; a second click reverses it. Scrolls sideways on a phone. */
export function SortableTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  sortedBy,
  empty,
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState<{ column: string; direction: SortDirection }>({
    column: sortedBy,
    direction: 'descending',
  });
  const sorted = useMemo(() => {
    const column = columns.find((candidate) => candidate.id === sort.column)!;
    return sortRows(rows, column.sortValue, sort.direction);
  }, [rows, columns, sort]);

  const sortBy = (column: Column<Row>) =>
    setSort((current) =>
      current.column === column.id
        ? { column: column.id, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { column: column.id, direction: column.numeric ? 'descending' : 'ascending' },
    );

  if (rows.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full min-w-max border-collapse text-start text-sm">
        <thead className="bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column) => {
              const active = sort.column === column.id;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={active ? sort.direction : undefined}
                  className={`px-3 py-2 font-semibold whitespace-nowrap ${column.numeric ? 'text-end' : ''}`}
                >
                  <button
                    type="button"
                    onClick={() => sortBy(column)}
                    className="inline-flex items-center gap-1 uppercase hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                  >
                    {column.header}
                    <span aria-hidden="true" className={active ? 'text-slate-900' : 'text-slate-300'}>
                      {active && sort.direction === 'ascending' ? '▲' : '▼'}
                    </span>
                  </button>
                  {column.definition && (
                    <Definition term={column.header.toLowerCase()} {...column.definition} />
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-100">
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={`px-3 py-2 whitespace-nowrap ${column.numeric ? 'text-end tabular-nums' : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
