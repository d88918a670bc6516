import type { OrderEdit } from './api';
import { firstItem } from './format';
import type { EditableStatus } from './statuses';
import type { Order, Status } from './types';
import { algiersClock, algiersInstant, nextAlgiersHour } from './workspace-format';

/** What the row's inputs hold while it is edited. */
export interface OrderDraft {
  full_name: string;
  phone: string;
  region: string;
  city: string;
  quantity: string;
  status: Status;
  /** The callback's date and time on an Algerian clock, used when the status is reporté. */
  callbackAt: string;
}

export function draftOf(order: Order): OrderDraft {
  const { date, time } = order.callbackAt ? algiersClock(new Date(order.callbackAt)) : nextAlgiersHour();
  return {
    ...order.customer,
    quantity: String(firstItem(order)?.quantity ?? 1),
    status: order.status,
    callbackAt: `${date}T${time}`,
  };
}

/** The full edited order, with the version the row was read at; undefined when nothing changed. */
export function editOf(order: Order, draft: OrderDraft): OrderEdit | undefined {
  const customer = {
    full_name: draft.full_name.trim(),
    phone: draft.phone.trim(),
    region: draft.region.trim(),
    city: draft.city.trim(),
  };
  const quantity = Number(draft.quantity.trim());
  const [date, time] = draft.callbackAt.split('T');
  const callbackAt = draft.status === 'reporté' && date && time ? algiersInstant(date, time) : undefined;
  const unchanged =
    draft.status === order.status &&
    (draft.status !== 'reporté' ||
      (!!order.callbackAt && !!callbackAt && Date.parse(order.callbackAt) === Date.parse(callbackAt))) &&
    quantity === firstItem(order)?.quantity &&
    (Object.keys(customer) as (keyof typeof customer)[]).every(
      (key) => customer[key] === order.customer[key],
    );
  if (unchanged) return undefined;
  // A status the row cannot set (saisie, livrée...) is sent as it is: the server names the refusal.
  return {
    version: order.version,
    status: draft.status as EditableStatus,
    ...(callbackAt ? { callbackAt } : {}),
    customer,
    quantity,
  };
}
