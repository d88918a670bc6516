import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { EDITABLE_STATUSES, ORDER_STATUSES, OrderStatus } from './order-status';
import { normalizePhone } from './phone';

export const ORDERS_PAGE_DEFAULT = 50;
export const ORDERS_PAGE_MAX = 500;
export const BULK_MAX = 1000;

/** `GET /api/orders/youcan` query: filters combine (AND). */
export class ListOrdersQuery {
  @ApiPropertyOptional({
    description:
      'Part of the customer name, ref, phone (any written form) or any product name; accents and case ignored',
  })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ enum: ORDER_STATUSES })
  @IsOptional()
  @IsIn(ORDER_STATUSES, { message: `status must be one of: ${ORDER_STATUSES.join(', ')}` })
  status?: OrderStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(100)
  region?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({}, { message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({ format: 'date-time' })
  @IsOptional()
  @IsISO8601({}, { message: 'to must be an ISO 8601 date' })
  to?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('4', { message: 'storeId must be a store id' })
  storeId?: string;

  @ApiPropertyOptional({ default: ORDERS_PAGE_DEFAULT, maximum: ORDERS_PAGE_MAX })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(ORDERS_PAGE_MAX)
  limit?: number;

  @ApiPropertyOptional({ description: 'X-Next-Cursor of the previous page' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;
}

export class EditedCustomerDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'customer.full_name is required' })
  @MaxLength(200)
  full_name!: string;

  @ApiProperty({
    example: '0555123456',
    description: 'Any written form: +213, 00213, spaces and dashes are fine',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normalizePhone(value) : value))
  @Matches(/^0[567]\d{8}$/, {
    message: 'customer.phone must be a 10-digit number starting with 05, 06 or 07',
  })
  phone!: string;

  @ApiProperty() @IsString() @MaxLength(100) region!: string;
  @ApiProperty() @IsString() @MaxLength(100) city!: string;
}

/** The full edited order of `PUT /api/orders/youcan/{id}`. */
export class EditOrderDto {
  @ApiProperty({ description: 'The version the client received; a stale one is refused with 409' })
  @IsInt({ message: 'version must be a whole number' })
  version!: number;

  @ApiProperty({ enum: EDITABLE_STATUSES })
  @IsIn(EDITABLE_STATUSES, { message: `status must be one of: ${EDITABLE_STATUSES.join(', ')}` })
  status!: OrderStatus;

  @ApiProperty({ type: EditedCustomerDto })
  @ValidateNested()
  @Type(() => EditedCustomerDto)
  customer!: EditedCustomerDto;

  @ApiProperty({ minimum: 1, maximum: 1000 })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1)
  @Max(1000)
  quantity!: number;
}

/** `PUT /api/orders/youcan/{id}` with `{note}`. */
export class AddNoteDto {
  @ApiProperty()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'note must be text' })
  @IsNotEmpty({ message: 'note cannot be empty' })
  @MaxLength(2000)
  note!: string;
}

/** An order's delivery choice, as the delivery form sends it. */
export class DeliveryChoiceDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('4', { message: 'deliveryAccount must be a delivery account id' })
  deliveryAccount!: string;

  @ApiProperty({ example: '16', description: 'Wilaya code 1 to 58, as text' })
  @Matches(/^(?:[1-9]|[1-4]\d|5[0-8])$/, { message: 'wilaya must be a wilaya code from 1 to 58' })
  wilaya!: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(100) commune?: string;

  @ApiProperty({ description: 'true for a stop desk, false for home delivery (text or boolean)' })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'isStopDesk must be true or false' })
  isStopDesk!: boolean;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) desk?: string;
}

export class SetDeliveryDto {
  @ApiProperty({ type: DeliveryChoiceDto })
  @ValidateNested()
  @Type(() => DeliveryChoiceDto)
  delivery!: DeliveryChoiceDto;
}

/** A list of order ids, for bulk delete and bulk saisie. */
export class OrderIdsDto {
  @ApiProperty({ type: [String], format: 'uuid' })
  // class-validator checks the bottom decorator first: "not a list" is the message a non-list gets.
  @IsUUID('4', { each: true, message: 'orderIds must contain only order ids' })
  @ArrayMaxSize(BULK_MAX, { message: `orderIds may name at most ${BULK_MAX} orders` })
  @ArrayMinSize(1, { message: 'orderIds must name at least one order' })
  @IsArray({ message: 'orderIds must be a list of order ids' })
  orderIds!: string[];
}
