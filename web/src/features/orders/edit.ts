import type { OrderEdit } from './api';
import { firstItem } from './format';
import type { EditableStatus } from './statuses';
import type { Order, Status } from './types';

/** What the row's inputs hold while it is edited. */
export interface OrderDraft {
  full_name: string;
  phone: string;
  region: string;
  city: string;
  quantity: string;
  status: Status;
}

export function draftOf(order: Order): OrderDraft {
  return {
    ...order.customer,
    quantity: String(firstItem(order)?.quantity ?? 1),
    status: order.status,
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
  const unchanged =
    draft.status === order.status &&
    quantity === firstItem(order)?.quantity &&
    (Object.keys(customer) as (keyof typeof customer)[]).every(
      (key) => customer[key] === order.customer[key],
    );
  if (unchanged) return undefined;
  // A status the row cannot set (saisie, livrée...) is sent as it is: the server names the refusal.
  return { version: order.version, status: draft.status as EditableStatus, customer, quantity };
}
