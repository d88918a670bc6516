import { useState, type ReactNode } from 'react';
import { deliveryText, formatTotal, latestNote } from '../format';
import { CALL_OUTCOMES, isShipped, type EditableStatus } from '../statuses';
import type { Order } from '../types';
import { placeText, telHref, whatsappHref } from '../workspace-format';
import { CustomerOrders } from './CustomerOrders';
import { NoteControl } from './NoteControl';
import { CallState, CustomerFlags, ProductLines } from './OrderFlags';
import { StatusBadge } from './StatusBadge';
import { useTranslation } from 'react-i18next';

const OUTCOME_TONES: Record<(typeof CALL_OUTCOMES)[number], string> = {
  confirmé: 'bg-emerald-700 text-white hover:bg-emerald-800',
  'pas de réponse': 'border border-amber-400 bg-amber-50 text-amber-900 hover:bg-amber-100',
  reporté: 'border border-amber-400 bg-white text-amber-900 hover:bg-amber-50',
  annulée: 'border border-red-300 bg-white text-red-700 hover:bg-red-50',
};
const secondary =
  'inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-medium text-emerald-800 hover:bg-emerald-50';

export interface OrderCardProps {
  order: Order;
  myId?: string;
  busy: boolean;
  note?: string;
  failure?: string;
  onStatus: (order: Order, status: EditableStatus) => void;
  onDelivery: (order: Order) => void;
  onCancelDuplicate: (order: Order) => void;
  onOpenNote: () => void;
  onNote: (text: string) => void;
  onSubmitNote: (order: Order) => void;
  onCancelNote: () => void;
  /** More buttons at the card's foot (the queue's Release). */
  children?: ReactNode;
}

/** One order on a phone: who to call and how, what they ordered, and the call's outcome one tap away. */
export function OrderCard(props: OrderCardProps) {
  const { t } = useTranslation();
  const { order, busy } = props;
  const [othersShown, setOthersShown] = useState(false);
  const whatsapp = whatsappHref(order.customer.phone);
  const shipped = isShipped(order.status);

  return (
    <article
      data-testid="order-card"
      aria-label={t('card.order', { ref: order.ref })}
      className={`flex min-w-0 flex-col gap-2 rounded-lg border bg-white p-3 shadow-sm ${order.blacklisted ? 'border-2 border-red-500' : 'border-slate-200'}`}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-semibold leading-tight">{order.customer.full_name}</h2>
          <p className="text-xs text-slate-500">
            <span className="font-mono">{order.ref}</span> · {placeText(order)}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end">
          <StatusBadge status={order.status} />
        </div>
      </header>
      <CustomerFlags order={order} myId={props.myId} />
      <div className="flex flex-wrap gap-2">
        <a
          href={telHref(order.customer.phone)}
          aria-label={t('card.call', { phone: order.customer.phone })}
          className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md bg-sky-700 px-3 font-medium text-white hover:bg-sky-800"
        >
          <PhoneIcon /> <span dir="ltr">{order.customer.phone}</span>
        </a>
        {whatsapp && (
          <a
            href={whatsapp}
            target="_blank"
            rel="noreferrer"
            aria-label={t('card.whatsapp', { phone: order.customer.phone })}
            className="inline-flex min-h-11 items-center justify-center rounded-md border border-emerald-600 px-3 font-medium text-emerald-800 hover:bg-emerald-50"
          >
            WhatsApp
          </a>
        )}
      </div>
      <div className="flex items-start justify-between gap-3 text-sm">
        <ProductLines order={order} />
        <span className="ltr-number shrink-0 font-semibold" data-testid="card-total">
          {formatTotal(order)}
        </span>
      </div>
      <CallState order={order} />
      {order.delivery && (
        <p data-testid="card-delivery" className="break-words text-sm text-slate-700">
          {deliveryText(order.delivery)}
          {order.delivery.tracking && (
            <span className="ms-2 font-mono text-xs">{order.delivery.tracking}</span>
          )}
        </p>
      )}
      <p className="break-words text-sm text-slate-600" data-testid="latest-note">
        {latestNote(order)}
      </p>
      {props.failure && (
        <p role="alert" className="text-sm text-red-600">
          {props.failure}
        </p>
      )}
      {!shipped && (
        <div role="group" aria-label={t('card.call_outcome')} className="grid grid-cols-2 gap-2">
          {CALL_OUTCOMES.map((status) => (
            <button
              key={status}
              type="button"
              disabled={
                busy || (status === order.status && status !== 'pas de réponse' && status !== 'reporté')
              }
              aria-pressed={status === order.status}
              onClick={() => props.onStatus(order, status)}
              className={`min-h-11 rounded-md px-2 text-sm font-semibold disabled:opacity-50 ${OUTCOME_TONES[status]}`}
            >
              {t(`outcome.${status}`)}
            </button>
          ))}
        </div>
      )}
      {order.duplicateOf && order.status !== 'annulée' && !shipped && (
        <button
          type="button"
          disabled={busy}
          onClick={() => props.onCancelDuplicate(order)}
          className="min-h-11 rounded-md border border-amber-500 px-3 text-sm font-medium text-amber-900 hover:bg-amber-50"
        >
          {t('card.cancel_duplicate')}
        </button>
      )}
      <div className="flex flex-wrap items-center gap-1">
        {!shipped && (
          <button
            type="button"
            aria-label={t('card.delivery_of', { ref: order.ref })}
            onClick={() => props.onDelivery(order)}
            className={secondary}
          >
            {order.delivery ? t('card.change_delivery') : t('card.set_delivery')}
          </button>
        )}
        <button
          type="button"
          aria-expanded={othersShown}
          onClick={() => setOthersShown((shown) => !shown)}
          className={secondary}
        >
          {t('card.other_orders')}
        </button>
        {props.children}
      </div>
      {othersShown && <CustomerOrders orderId={order._id} />}
      <div className="[&_button]:min-h-11 [&_input]:min-h-11">
        <NoteControl
          note={props.note}
          busy={busy}
          onOpen={props.onOpenNote}
          onChange={props.onNote}
          onSubmit={() => props.onSubmitNote(order)}
          onCancel={props.onCancelNote}
        />
      </div>
    </article>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 fill-current">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.6a1 1 0 0 1-.25 1z" />
    </svg>
  );
}
