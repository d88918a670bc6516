import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

/** One of the customer's orders, as the order's "customer" panel lists them. */
export class CustomerOrderView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() ref!: string;
  @ApiProperty({ format: 'date-time' }) orderDate!: string;
  @ApiProperty({ enum: ORDER_STATUSES, enumName: 'OrderStatus' }) status!: OrderStatus;
  @ApiProperty() total!: number;
  @ApiProperty({ format: 'uuid' }) storeId!: string;
}

/** `GET /api/orders/youcan/{id}/customer`: the customer's other orders in the caller's stores, newest first. */
export class CustomerHistoryView {
  @ApiProperty() phone!: string;
  @ApiProperty({ type: [CustomerOrderView] }) orders!: CustomerOrderView[];
}

export class BlacklistEntryView {
  @ApiProperty({ format: 'uuid' }) _id!: string;
  @ApiProperty() phone!: string;
  @ApiProperty() reason!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}
