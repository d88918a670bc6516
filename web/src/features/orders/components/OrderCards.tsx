import { memo, useMemo, useRef, type ReactNode } from 'react';
import type { Order } from '../types';
import type { RowActions } from '../use-row-actions';
import type { EditableStatus } from '../statuses';
import { OrderCard } from './OrderCard';
import { useTranslation } from 'react-i18next';
import { useGrowingInSlices } from './use-growing-in-slices';

type OnStatus = (order: Order, status: EditableStatus) => void;
type OnDelivery = (order: Order) => void;

interface OrderCardsProps {
  orders: Order[];
  myId?: string;
  actions: RowActions;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onStatus: OnStatus;
  onDelivery: OnDelivery;
}

/**
 * The orders on a phone: one card each, the next page on demand. A new page renders only its own
 * cards, a slice at a time, so a phone's main thread is never held long enough to miss a tap.
 */
export function OrderCards({ orders, myId, actions, ...props }: OrderCardsProps) {
  const { t } = useTranslation();
  const handlers = useCardHandlers(actions, props.onStatus, props.onDelivery);
  const shown = useGrowingInSlices(orders.length);
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={t('orders.list')} className="flex flex-col gap-3">
        {orders.slice(0, shown).map((order) => (
          <li key={order._id}>
            <WiredCard
              order={order}
              myId={myId}
              busy={!!actions.busy[order._id]}
              note={actions.notes[order._id]}
              failure={actions.failures[order._id]}
              handlers={handlers}
            />
          </li>
        ))}
      </ul>
      {props.hasMore && (
        <button
          type="button"
          disabled={props.loadingMore || shown < orders.length}
          onClick={props.onLoadMore}
          className="min-h-11 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
        >
          {props.loadingMore ? t('orders.loading_more') : t('orders.more')}
        </button>
      )}
    </div>
  );
}

interface OrderCardForProps {
  order: Order;
  myId?: string;
  actions: RowActions;
  onStatus: OnStatus;
  onDelivery: OnDelivery;
  children?: ReactNode;
}

/** A card wired to the page's actions (its note, its busy state, its red line). */
export function OrderCardFor({ order, myId, actions, onStatus, onDelivery, children }: OrderCardForProps) {
  const handlers = useCardHandlers(actions, onStatus, onDelivery);
  const id = order._id;
  return (
    <WiredCard
      order={order}
      myId={myId}
      busy={!!actions.busy[id]}
      note={actions.notes[id]}
      failure={actions.failures[id]}
      handlers={handlers}
    >
      {children}
    </WiredCard>
  );
}

type CardHandlers = ReturnType<typeof useCardHandlers>;

/**
 * The page's actions behind functions that never change, each calling the latest ones: a card
 * then renders again only when its own order, note, busy state or red line changes.
 */
function useCardHandlers(actions: RowActions, onStatus: OnStatus, onDelivery: OnDelivery) {
  const latest = useRef({ actions, onStatus, onDelivery });
  latest.current = { actions, onStatus, onDelivery };
  return useMemo(
    () => ({
      status: (order: Order, status: EditableStatus) => latest.current.onStatus(order, status),
      delivery: (order: Order) => latest.current.onDelivery(order),
      cancelDuplicate: (order: Order) => latest.current.actions.cancelAsDuplicate(order),
      openNote: (id: string) => latest.current.actions.openNote(id),
      changeNote: (id: string, text: string) => latest.current.actions.changeNote(id, text),
      submitNote: (order: Order) => latest.current.actions.submitNote(order),
      cancelNote: (id: string) => latest.current.actions.cancelNote(id),
    }),
    [],
  );
}

interface WiredCardProps {
  order: Order;
  myId?: string;
  busy: boolean;
  note?: string;
  failure?: string;
  handlers: CardHandlers;
  children?: ReactNode;
}

const WiredCard = memo(function WiredCard({ order, handlers, children, ...card }: WiredCardProps) {
  const id = order._id;
  return (
    <OrderCard
      order={order}
      {...card}
      onStatus={handlers.status}
      onDelivery={handlers.delivery}
      onCancelDuplicate={handlers.cancelDuplicate}
      onOpenNote={() => handlers.openNote(id)}
      onNote={(text) => handlers.changeNote(id, text)}
      onSubmitNote={handlers.submitNote}
      onCancelNote={() => handlers.cancelNote(id)}
    >
      {children}
    </OrderCard>
  );
});
