import type { OrderStatus } from './order-status';
import type { OrderDeliveryView } from './order.view';

/** What delivery/zr needs of an order to make a parcel of it. */
export interface ShippingOrder {
  _id: string;
  storeId: string;
  ref: string;
  status: OrderStatus;
  customer: { full_name: string; phone: string; region: string; city: string };
  productName: string;
  quantity: number;
  total: number;
  delivery: OrderDeliveryView | null;
}
