import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
  ValidateBy,
} from 'class-validator';
import { MESSAGES } from '../messages/catalogue';
import { ListOrdersQuery, OrderIdsDto } from './order.dto';
import { normalizePhone } from './phone';

/** The most orders one "select all matching" reaches. */
export const BULK_FILTER_MAX = 10_000;

/** The list's filters without paging: "every order matching these". */
export class OrdersFilterDto extends PickType(ListOrdersQuery, [
  'q',
  'status',
  'region',
  'from',
  'to',
  'storeId',
] as const) {}

const FILTER_NAMES = ['q', 'status', 'region', 'from', 'to', 'storeId'];

/**
 * A filter is an object of the list's filters, `{}` for every order: an array, null, a number,
 * an unknown name (a typo would otherwise be stripped, leaving `{}`) or a filter given as null is
 * refused, never read as "every order".
 */
const IsFilterObject = () =>
  ValidateBy({
    name: 'isFilterObject',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        Object.entries(value).every(([name, given]) => FILTER_NAMES.includes(name) && given !== null),
      defaultMessage: () => MESSAGES['orders.filter_invalid'],
    },
  });

/** Bulk delete and saisie: the orders named, or every order matching a filter (up to 10,000). */
export class BulkSelectionDto extends PickType(OrderIdsDto, ['orderIds'] as const) {
  @ApiPropertyOptional({
    type: OrdersFilterDto,
    description: `Instead of orderIds: every matching order (at most ${BULK_FILTER_MAX}); {} for every order`,
  })
  @ValidateNested()
  @Type(() => OrdersFilterDto)
  @IsFilterObject()
  // Only an absent filter is no filter: null is refused like any other non-object.
  @ValidateIf((selection: BulkSelectionDto) => selection.filter !== undefined)
  filter?: OrdersFilterDto;
}
// orderIds is checked only when no filter stands in for it.
ValidateIf((selection: BulkSelectionDto) => selection.filter === undefined)(
  BulkSelectionDto.prototype,
  'orderIds',
);

/** A bulk delete over more orders than this needs `confirm`. */
export const DELETE_CONFIRM_OVER = 100;

/** `DELETE /api/orders/youcan`: a selection, and for more than 100 orders the count the owner confirmed. */
export class DeleteSelectionDto extends BulkSelectionDto {
  @ApiPropertyOptional({
    minimum: 1,
    description:
      `Needed when the selection holds more than ${DELETE_CONFIRM_OVER} orders: the count the owner ` +
      'confirmed (the 409 `orders.delete_confirm` answer names it); a selection grown past it is refused again',
  })
  @Max(BULK_FILTER_MAX, { message: `confirm must be at most ${BULK_FILTER_MAX}` })
  @Min(1, { message: 'confirm must be at least 1' })
  @IsInt({ message: 'confirm must be a whole number' })
  @ValidateIf((selection: DeleteSelectionDto) => selection.confirm !== undefined)
  confirm?: number;
}

/** `POST /api/orders/blacklist`. */
export class AddBlacklistEntryDto {
  @ApiProperty({
    example: '0555123456',
    description: 'Any written form: +213, 00213, spaces and dashes are fine',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normalizePhone(value) : value))
  @Matches(/^(?:0[567]\d{8}|0[234]\d{7})$/, {
    message: 'phone must be an Algerian phone number, like 0555123456 or +213 555 12 34 56',
  })
  phone!: string;

  @ApiProperty({ example: 'Refused three parcels' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'reason must be text' })
  @IsNotEmpty({ message: 'reason is required' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason!: string;
}
