import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsObject,
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
import { Omittable } from '../http/omittable';

export const ORDERS_PAGE_DEFAULT = 50;
export const ORDERS_PAGE_MAX = 500;
export const BULK_MAX = 1000;

/** A phone as people type it: 9 to 12 digits, with +, spaces, dashes, dots or parentheses. */

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

// class-validator checks the bottom decorator first: "is required" is what a missing field gets.
export class EditedCustomerDto {
  @ApiProperty()
  @MaxLength(200)
  @IsNotEmpty({ message: 'customer.full_name is required' })
  @IsString({ message: 'customer.full_name must be text' })
  @IsDefined({ message: 'customer.full_name is required' })
  full_name!: string;

  @ApiProperty({
    example: '0555123456',
    description: 'Any written form: +213, 00213, spaces and dashes are fine',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normalizePhone(value) : value))
  @Matches(/^0[567]\d{8}$/, {
    message: 'customer.phone must be a 10-digit number starting with 05, 06 or 07',
  })
  @IsString({ message: 'customer.phone must be text' })
  @IsDefined({ message: 'customer.phone is required' })
  phone!: string;

  @ApiProperty()
  @MaxLength(100)
  @IsString({ message: 'customer.region must be text' })
  @IsDefined({ message: 'customer.region is required' })
  region!: string;

  @ApiProperty()
  @MaxLength(100)
  @IsString({ message: 'customer.city must be text' })
  @IsDefined({ message: 'customer.city is required' })
  city!: string;
}

/** One product line of the order as GET answers it: only its quantity is edited. */
export class EditedVariantDto {
  @ApiProperty({ minimum: 1, maximum: 1000 })
  @Max(1000, { message: 'quantity must not be greater than 1000' })
  @Min(1, { message: 'quantity must not be less than 1' })
  @IsInt({ message: 'quantity must be a whole number' })
  @IsDefined({ message: 'quantity is required' })
  quantity!: number;
}

/**
 * The full edited order of `PUT /api/orders/youcan/{id}`, in the shape GET answers it (fields
 * the server keeps, such as notes, history or delivery, are ignored).
 */
export class EditOrderDto {
  @ApiProperty({ description: 'The version the client received; a stale one is refused with 409' })
  @IsInt({ message: 'version must be a whole number' })
  @IsDefined({ message: 'version is required' })
  version!: number;

  @ApiProperty({ enum: EDITABLE_STATUSES })
  @IsIn(EDITABLE_STATUSES, { message: `status must be one of: ${EDITABLE_STATUSES.join(', ')}` })
  @IsDefined({ message: 'status is required' })
  status!: OrderStatus;

  @ApiProperty({ type: EditedCustomerDto })
  @ValidateNested()
  @Type(() => EditedCustomerDto)
  @IsObject({ message: 'customer must be an object' })
  @IsDefined({ message: 'customer is required' })
  customer!: EditedCustomerDto;

  @ApiPropertyOptional({ type: [EditedVariantDto], description: 'Each product line with its quantity' })
  @Omittable()
  @ValidateNested({ each: true })
  @Type(() => EditedVariantDto)
  @IsArray({ message: 'variants must be a list of product lines' })
  variants?: EditedVariantDto[];

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 1000,
    description: "The first line's quantity (older clients)",
  })
  @Omittable()
  @Min(1)
  @Max(1000)
  @IsInt({ message: 'quantity must be a whole number' }) // checked first: it names what a null or a text is
  quantity?: number;

  @ApiPropertyOptional({
    format: 'date-time',
    nullable: true,
    description:
      "When to call the customer back: required when status is 'reporté', in the future; null clears it",
  })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'callbackAt must be an ISO 8601 date and time' })
  callbackAt?: string | null;
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

  @ApiPropertyOptional() @Omittable() @IsString() @MaxLength(100) commune?: string;

  @ApiProperty({ description: 'true for a stop desk, false for home delivery (text or boolean)' })
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'isStopDesk must be true or false' })
  isStopDesk!: boolean;

  @ApiPropertyOptional() @Omittable() @IsString() @MaxLength(200) desk?: string;
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
