import type { CSSProperties, KeyboardEvent, Ref } from 'react';
import type { FieldErrors } from '../../../lib/validation';
import type { ColumnId } from '../columns';
import type { OrderDraft } from '../edit';
import type { DraftField } from '../field-errors';
import { formatDateTime, formatTotal, latestNote } from '../format';
import type { Order } from '../types';
import { wilayaName } from '../wilayas';
import { DeliveryCell } from './DeliveryCell';
import { NoteControl } from './NoteControl';
import { DraftInput, StatusSelect } from './OrderCells';
import { CallState, CustomerFlags } from './OrderFlags';
import { StatusBadge } from './StatusBadge';
import { useTranslation } from 'react-i18next';

export interface OrderRowProps {
  order: Order;
  index: number;
  isOwner: boolean;
  myId?: string;
  selected: boolean;
  draft?: OrderDraft;
  errors?: FieldErrors<DraftField>;
  /** The note being written, when the note input is open. */
  note?: string;
  busy: boolean;
  /** Left offsets of the columns that stay in place. */
  sticky: Partial<Record<ColumnId, number>>;
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

/** One order; while edited, the customer, quantity and status cells are inputs (Enter saves, Escape cancels). */
export function OrderRow(props: OrderRowProps) {
  const { t } = useTranslation();
  const { order, index, isOwner, selected, draft, busy, onDraft, sticky, errors = {} } = props;
  const shown = (field: keyof Order['customer'], label: string, text: string = order.customer[field]) =>
    draft ? (
      <DraftInput
        field={field}
        label={label}
        draft={draft}
        onChange={onDraft}
        error={errors[field]}
        orderId={order._id}
      />
    ) : (
      <span title={order.customer[field] !== text ? order.customer[field] : undefined}>{text}</span>
    );
  const fixed = (id: ColumnId): { className: string; style?: CSSProperties } =>
    sticky[id] === undefined
      ? { className: cell }
      : { className: `${cell} sticky z-[1] bg-inherit`, style: { insetInlineStart: sticky[id] } };

  // Enter in an input saves the row, Escape leaves it as it was; the note form has its own keys.
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!draft || (event.target as HTMLElement).closest('form')) return;
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName !== 'BUTTON') {
      event.preventDefault();
      props.onSave(order);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onCancel();
    }
  };

  return (
    <tr
      ref={props.ref}
      data-index={index}
      data-testid="order-row"
      onKeyDown={onKeyDown}
      className={`hover:bg-slate-50 ${order.blacklisted ? 'bg-red-50' : 'bg-white'}`}
    >
      {isOwner && (
        <td {...fixed('select')}>
          <input
            type="checkbox"
            aria-label={t('row.select', { ref: order.ref })}
            checked={selected}
            onChange={() => props.onSelect(order)}
            className="size-4 accent-emerald-700"
          />
        </td>
      )}
      <td {...fixed('ref')}>
        <span className="font-mono">{order.ref}</span>
      </td>
      <td className={cell}>{formatDateTime(order.orderDate)}</td>
      <td {...fixed('name')}>
        {shown('full_name', t('orders.columns.name'))}
        <CustomerFlags order={order} myId={props.myId} />
      </td>
      <td className={cell} dir="ltr">
        {shown('phone', t('orders.columns.phone'))}
      </td>
      <td className={cell}>
        {shown('region', t('orders.columns.region'), wilayaName(order.wilaya) ?? order.customer.region)}
      </td>
      <td className={cell}>
        {shown('city', t('orders.columns.city'), order.commune ?? order.customer.city)}
      </td>
      <td className={cell}>
        {order.variants.length === 0 ? (
          '—'
        ) : (
          <ul>
            {order.variants.map((line, lineIndex) => (
              <li key={lineIndex}>{line.variant.product.name}</li>
            ))}
          </ul>
        )}
      </td>
      <td className={cell}>
        {draft ? (
          <DraftInput
            field="quantity"
            label={t('orders.columns.quantity')}
            type="number"
            draft={draft}
            onChange={onDraft}
            error={errors.quantity}
            orderId={order._id}
          />
        ) : order.variants.length === 0 ? (
          '—'
        ) : (
          <ul>
            {order.variants.map((line, lineIndex) => (
              <li key={lineIndex}>{line.quantity}</li>
            ))}
          </ul>
        )}
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        <span className="ltr-number">{formatTotal(order)}</span>
      </td>
      <td className={cell}>
        {draft ? (
          <StatusSelect draft={draft} onChange={onDraft} errors={errors} orderId={order._id} />
        ) : (
          <>
            <StatusBadge status={order.status} />
            <CallState order={order} />
          </>
        )}
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
              {t('row.save')}
            </button>
            <button type="button" className={link} onClick={props.onCancel}>
              {t('common.cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className={link} onClick={() => props.onEdit(order)}>
            {t('row.edit')}
          </button>
        )}
      </td>
      {isOwner && (
        <td className={cell}>
          <button
            type="button"
            className={link}
            aria-label={t('row.history_of', { ref: order.ref })}
            onClick={() => props.onHistory(order)}
          >
            {t('row.history')}
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
