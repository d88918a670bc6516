import type { Ref } from 'react';
import type { OrderDraft } from '../edit';
import { firstItem, formatDateTime, formatTotal, latestNote } from '../format';
import type { Order } from '../types';
import { DeliveryCell } from './DeliveryCell';
import { NoteControl } from './NoteControl';
import { DraftInput, StatusSelect } from './OrderCells';
import { StatusBadge } from './StatusBadge';

export interface OrderRowProps {
  order: Order;
  index: number;
  isOwner: boolean;
  selected: boolean;
  draft?: OrderDraft;
  /** The note being written, when the note input is open. */
  note?: string;
  busy: boolean;
  onSelect: (order: Order) => void;
  onEdit: (order: Order) => void;
  onDraft: (change: Partial<OrderDraft>) => void;
  onSave: (order: Order) => void;
  onCancel: () => void;
  onHistory: (order: Order) => void;
  onDelivery: (order: Order) => void;
  onOpenNote: () => void;
  onNote: (text: string) => void;
  onSubmitNote: (order: Order) => void;
  onCancelNote: () => void;
  ref?: Ref<HTMLTableRowElement>;
}

const cell = 'border-b border-slate-100 px-3 py-2 align-top break-words';
const link = 'rounded px-2 py-1 text-sm font-medium text-emerald-700 hover:bg-emerald-50';

/** One order; while edited, the customer, quantity and status cells are inputs. */
export function OrderRow(props: OrderRowProps) {
  const { order, index, isOwner, selected, draft, busy, onDraft } = props;
  const item = firstItem(order);
  const shown = (field: keyof Order['customer'], label: string) =>
    draft ? (
      <DraftInput field={field} label={label} draft={draft} onChange={onDraft} />
    ) : (
      order.customer[field]
    );

  return (
    <tr ref={props.ref} data-index={index} data-testid="order-row" className="bg-white hover:bg-slate-50">
      {isOwner && (
        <td className={cell}>
          <input
            type="checkbox"
            aria-label={`Select order ${order.ref}`}
            checked={selected}
            onChange={() => props.onSelect(order)}
            className="size-4 accent-emerald-700"
          />
        </td>
      )}
      <td className={`${cell} font-mono`}>{order.ref}</td>
      <td className={cell}>{formatDateTime(order.orderDate)}</td>
      <td className={cell}>{shown('full_name', 'Full Name')}</td>
      <td className={cell}>{shown('phone', 'Phone')}</td>
      <td className={cell}>{shown('region', 'Region')}</td>
      <td className={cell}>{shown('city', 'City')}</td>
      <td className={cell}>{item?.variant.product.name ?? '—'}</td>
      <td className={cell}>
        {draft ? (
          <DraftInput field="quantity" label="Quantity" type="number" draft={draft} onChange={onDraft} />
        ) : (
          (item?.quantity ?? '—')
        )}
      </td>
      <td className={`${cell} whitespace-nowrap`}>{formatTotal(order)}</td>
      <td className={cell}>
        {draft ? <StatusSelect draft={draft} onChange={onDraft} /> : <StatusBadge status={order.status} />}
      </td>
      <td className={cell} data-testid="latest-note">
        {latestNote(order)}
      </td>
      <td className={cell}>{order.confirmateur?.name ?? '—'}</td>
      <td className={cell}>
        <DeliveryCell order={order} onOpen={props.onDelivery} />
      </td>
      <td className={cell}>
        {draft ? (
          <div className="flex flex-wrap gap-1">
            <button type="button" className={link} disabled={busy} onClick={() => props.onSave(order)}>
              Save
            </button>
            <button type="button" className={link} onClick={props.onCancel}>
              Cancel
            </button>
          </div>
        ) : (
          <button type="button" className={link} onClick={() => props.onEdit(order)}>
            Edit order
          </button>
        )}
      </td>
      {isOwner && (
        <td className={cell}>
          <button
            type="button"
            className={link}
            aria-label={`History of order ${order.ref}`}
            onClick={() => props.onHistory(order)}
          >
            History
          </button>
        </td>
      )}
      <td className={cell}>
        <NoteControl
          note={props.note}
          busy={busy}
          onOpen={props.onOpenNote}
          onChange={props.onNote}
          onSubmit={() => props.onSubmitNote(order)}
          onCancel={props.onCancelNote}
        />
      </td>
    </tr>
  );
}
