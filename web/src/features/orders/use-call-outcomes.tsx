import { useState } from 'react';
import { i18n } from '../../i18n/i18n';
import { DeliveryDialogLazy } from '../delivery/components/DeliveryDialogLazy';
import { CallbackDialog } from './components/CallbackDialog';
import type { EditableStatus } from './statuses';
import type { Order } from './types';
import type { RowActions } from './use-row-actions';

interface CallOutcomeOptions {
  actions: RowActions;
  replace: (orderId: string, change: (order: Order) => Order) => unknown;
  onDone: (text: string) => void;
  /** After a status was saved (the queue moves on to the next order). */
  afterSave?: (order: Order, status: EditableStatus) => void;
}

/**
 * What a tap on a card's outcome does: Reporté first asks when to call back; Confirmé saves and,
 * when the order has no delivery yet, opens the delivery form straight away.
 */
export function useCallOutcomes({ actions, replace, onDone, afterSave }: CallOutcomeOptions) {
  const [callbackFor, setCallbackFor] = useState<Order>();
  const [deliveryFor, setDeliveryFor] = useState<Order>();

  async function save(order: Order, status: EditableStatus, callbackAt?: string) {
    const saved = await actions.saveStatus(order, status, callbackAt);
    if (!saved) return;
    afterSave?.(saved, status);
    if (status === 'confirmé' && !saved.delivery) setDeliveryFor(saved);
  }

  const tap = (order: Order, status: EditableStatus) =>
    status === 'reporté' ? setCallbackFor(order) : void save(order, status);

  const dialogs = (
    <>
      <CallbackDialog
        key={`callback-${callbackFor?._id}`}
        order={callbackFor}
        onClose={() => setCallbackFor(undefined)}
        onPick={(order, callbackAt) => {
          setCallbackFor(undefined);
          void save(order, 'reporté', callbackAt);
        }}
      />
      {/* Mounted only while open: the form's code and its communes load (chunks of their own) as it mounts. */}
      {deliveryFor && (
        <DeliveryDialogLazy
          key={`delivery-${deliveryFor._id}`}
          order={deliveryFor}
          onClose={() => setDeliveryFor(undefined)}
          onSaved={(orderId, delivery) => {
            replace(orderId, (order) => ({ ...order, delivery }));
            onDone(i18n.t('orders.delivery_set', { ref: deliveryFor.ref }));
          }}
        />
      )}
    </>
  );

  return { tap, openDelivery: setDeliveryFor, dialogs };
}
