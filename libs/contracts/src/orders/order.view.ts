import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DeliveryAccountRef } from '../delivery-zr/views';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

// Response views are classes so that the OpenAPI document, and the gateway's response serializers
// made from it, describe every field: a field missing here is dropped from the answer.

/** Who did something, as the screens show it. */
export class UserRef {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() name!: string;
}

export class OrderNoteView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: UserRef }) user!: UserRef;
}

export class OrderHistoryView {
  @ApiProperty({ format: 'date-time' }) timestamp!: string;
  @ApiProperty() changes!: string;
  @ApiProperty({ type: UserRef }) user!: UserRef;
}

export class OrderDeliveryView {
  @ApiProperty({ type: DeliveryAccountRef }) deliveryAccount!: DeliveryAccountRef;
  @ApiProperty({ description: 'Wilaya code 1 to 58, as text' }) wilaya!: string;
  @ApiPropertyOptional() commune?: string;
  @ApiProperty() isStopDesk!: boolean;
  @ApiPropertyOptional() desk?: string;
  @ApiPropertyOptional({
    description: "The parcel's tracking number, once the order was sent to the carrier",
  })
  tracking?: string;
}

export class OrderCustomerView {
  @ApiProperty() full_name!: string;
  @ApiProperty() phone!: string;
  @ApiProperty() region!: string;
  @ApiProperty() city!: string;
}

export class ProductView {
  @ApiProperty() name!: string;
}

export class VariantView {
  @ApiProperty({ type: ProductView }) product!: ProductView;
}

export class OrderLineView {
  @ApiProperty() quantity!: number;
  @ApiProperty({ type: VariantView }) variant!: VariantView;
}

export class NameView {
  @ApiProperty() name!: string;
}

/** Who is on an order and until when (ISO). */
export class ClaimView {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'date-time' }) until!: string;
}

export class AssigneeView {
  @ApiProperty({ format: 'uuid' }) userId!: string;
  @ApiProperty() name!: string;
}

export class WilayaView {
  @ApiProperty({ minimum: 1, maximum: 58 }) code!: number;
  @ApiProperty() name!: string;
  @ApiProperty() nameAr!: string;
}

export class BlacklistMark {
  @ApiProperty() reason!: string;
}

/** An order in the spec's shape; `history` is sent to owners only. */
export class OrderView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
  @ApiProperty() ref!: string;
  @ApiProperty({ format: 'date-time' }) orderDate!: string;
  @ApiProperty({ type: OrderCustomerView }) customer!: OrderCustomerView;
  @ApiProperty({ type: [OrderLineView] }) variants!: OrderLineView[];
  @ApiProperty() total!: number;
  @ApiProperty({ example: 'DZD' }) currency!: string;
  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' }) status!: OrderStatus;
  @ApiProperty({ description: 'Send it back with an edit: a stale one answers 409' }) version!: number;
  @ApiProperty({ type: [OrderNoteView] }) notes!: OrderNoteView[];
  @ApiProperty({ type: NameView, nullable: true }) confirmateur!: NameView | null;
  @ApiProperty({ type: OrderDeliveryView, nullable: true }) delivery!: OrderDeliveryView | null;
  @ApiPropertyOptional({ type: [OrderHistoryView], description: 'Owners only' })
  history?: OrderHistoryView[];
  @ApiProperty({ description: '"Pas de réponse" attempts so far' }) attempts!: number;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: "When to call back, while the status is 'reporté'",
  })
  callbackAt!: string | null;
  @ApiProperty({
    type: ClaimView,
    nullable: true,
    description: 'Who is on the order, while their claim lasts',
  })
  claim!: ClaimView | null;
  @ApiProperty({
    type: AssigneeView,
    nullable: true,
    description: "The agent the order is assigned to, in the store's assigned modes",
  })
  assignedTo!: AssigneeView | null;
  @ApiProperty({
    type: WilayaView,
    nullable: true,
    description: 'The wilaya recognised in the region the store typed',
  })
  wilaya!: WilayaView | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The commune of that wilaya that customer.city names',
  })
  commune!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The open order (same phone, same owner, the 7 days before) this one may repeat',
  })
  duplicateOf!: string | null;
  @ApiProperty({
    type: BlacklistMark,
    nullable: true,
    description: "The owner's blacklist entry for the customer's phone",
  })
  blacklisted!: BlacklistMark | null;
}

/** One page of `GET /api/orders/youcan`, before the gateway turns the rest into headers. */
export interface OrdersPage {
  orders: OrderView[];
  total: number;
  /** False when the count stopped at its cap: "at least total". */
  exact: boolean;
  nextCursor: string | null;
}

/** `DELETE /api/orders/youcan` */
export class DeletedOrders {
  @ApiProperty({ type: [String], format: 'uuid' }) deletedIds!: string[];
}
