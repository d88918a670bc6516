import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { columnsFor, stickyOffsets } from '../columns';
import type { Order } from '../types';
import type { RowActions } from '../use-row-actions';
import { OrderRow } from './OrderRow';
import { useTranslation } from 'react-i18next';

/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const PREFETCH_ROWS = 30;

interface OrdersTableProps {
  orders: Order[];
  isOwner: boolean;
  /** The signed-in user: their own claim is not shown as "someone is on it". */
  myId?: string;
  selected: ReadonlySet<string>;
  actions: RowActions;
  loadingMore: boolean;
  onLoadMore: () => void;
  onSelect: (order: Order) => void;
  onSelectAll: (all: boolean) => void;
  onHistory: (order: Order) => void;
  onDelivery: (order: Order) => void;
}

/**
 * Only the rows in view (and a few around) are in the page, so 100,000 orders scroll smoothly.
 * The table takes the screen's width and scrolls both ways inside its box, ID and name staying in place.
 */
export function OrdersTable(props: OrdersTableProps) {
  const { t } = useTranslation();
  const { orders, isOwner, selected, actions, onLoadMore } = props;
  const columns = columnsFor(isOwner);
  const sticky = stickyOffsets(columns);
  const width = columns.reduce((sum, column) => sum + column.width, 0);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: orders.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 53,
    overscan: 8,
    getItemKey: (index) => orders[index]._id,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length ? rows[rows.length - 1].index : -1;

  useEffect(() => {
    if (lastIndex >= 0 && lastIndex >= orders.length - PREFETCH_ROWS) onLoadMore();
  }, [lastIndex, orders.length, onLoadMore]);

  const allSelected = orders.length > 0 && orders.every((order) => selected.has(order._id));
  const someSelected = !allSelected && orders.some((order) => selected.has(order._id));
  const top = rows.length ? rows[0].start : 0;
  const bottom = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;

  return (
    <div
      ref={scroller}
      role="region"
      aria-label={t('orders.table')}
      tabIndex={0}
      className="max-h-[70vh] overflow-auto rounded-lg border border-slate-200 bg-white"
    >
      <table
        className="table-fixed border-separate border-spacing-0 text-start text-sm"
        style={{ width, minWidth: '100%' }}
      >
        <colgroup>
          {columns.map((column) => (
            <col key={column.id} style={{ width: column.width }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-slate-100 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={`bg-slate-100 px-3 py-2 font-semibold ${sticky[column.id] === undefined ? '' : 'sticky z-[2]'}`}
                style={sticky[column.id] === undefined ? undefined : { insetInlineStart: sticky[column.id] }}
              >
                {column.id === 'select' ? (
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      aria-label={t('orders.select_all')}
                      checked={allSelected}
                      ref={(box) => {
                        if (box) box.indeterminate = someSelected;
                      }}
                      onChange={() => props.onSelectAll(!allSelected)}
                      className="size-4 accent-emerald-700"
                    />
                    <span className="sr-only">{t(`orders.columns.${column.id}`)}</span>
                  </label>
                ) : (
                  t(`orders.columns.${column.id}`)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: top, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const order = orders[row.index];
            const id = order._id;
            return (
              <OrderRow
                key={row.key}
                ref={virtualizer.measureElement}
                index={row.index}
                order={order}
                isOwner={isOwner}
                myId={props.myId}
                sticky={sticky}
                selected={selected.has(id)}
                draft={actions.drafts[id]}
                errors={actions.fieldErrors[id]}
                note={actions.notes[id]}
                busy={!!actions.busy[id]}
                onSelect={props.onSelect}
                onEdit={actions.startEdit}
                onDraft={(change) => actions.changeDraft(id, change)}
                onSave={actions.save}
                onCancel={() => actions.cancelEdit(id)}
                onHistory={props.onHistory}
                onDelivery={props.onDelivery}
                onOpenNote={() => actions.openNote(id)}
                onNote={(text) => actions.changeNote(id, text)}
                onSubmitNote={actions.submitNote}
                onCancelNote={() => actions.cancelNote(id)}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length} style={{ height: bottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {props.loadingMore && (
        <p className="sticky start-0 px-3 py-2 text-sm text-slate-500">{t('orders.loading_more')}</p>
      )}
    </div>
  );
}
