import type { Order } from '../types';
import type { RowActions } from '../use-row-actions';
import type { EditableStatus } from '../statuses';
import { OrderCard } from './OrderCard';
import { useTranslation } from 'react-i18next';

interface OrderCardsProps {
  orders: Order[];
  myId?: string;
  actions: RowActions;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onStatus: (order: Order, status: EditableStatus) => void;
  onDelivery: (order: Order) => void;
}

/** The orders on a phone: one card each, the next page on demand. */
export function OrderCards({ orders, myId, actions, ...props }: OrderCardsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={t('orders.list')} className="flex flex-col gap-3">
        {orders.map((order) => (
          <li key={order._id}>
            <OrderCardFor
              order={order}
              myId={myId}
              actions={actions}
              onStatus={props.onStatus}
              onDelivery={props.onDelivery}
            />
          </li>
        ))}
      </ul>
      {props.hasMore && (
        <button
          type="button"
          disabled={props.loadingMore}
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
  onStatus: (order: Order, status: EditableStatus) => void;
  onDelivery: (order: Order) => void;
  children?: React.ReactNode;
}

/** A card wired to the page's actions (its note, its busy state, its red line). */
export function OrderCardFor({ order, myId, actions, onStatus, onDelivery, children }: OrderCardForProps) {
  const id = order._id;
  return (
    <OrderCard
      order={order}
      myId={myId}
      busy={!!actions.busy[id]}
      note={actions.notes[id]}
      failure={actions.failures[id]}
      onStatus={onStatus}
      onDelivery={onDelivery}
      onCancelDuplicate={actions.cancelAsDuplicate}
      onOpenNote={() => actions.openNote(id)}
      onNote={(text) => actions.changeNote(id, text)}
      onSubmitNote={actions.submitNote}
      onCancelNote={() => actions.cancelNote(id)}
    >
      {children}
    </OrderCard>
  );
}
