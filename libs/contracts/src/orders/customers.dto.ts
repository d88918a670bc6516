import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
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

/** Bulk delete and saisie: the orders named, or every order matching a filter (up to 10,000). */
export class BulkSelectionDto extends PickType(OrderIdsDto, ['orderIds'] as const) {
  @ApiPropertyOptional({
    type: OrdersFilterDto,
    description: `Instead of orderIds: every matching order (at most ${BULK_FILTER_MAX})`,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrdersFilterDto)
  filter?: OrdersFilterDto;
}
// orderIds is checked only when no filter stands in for it.
ValidateIf((selection: BulkSelectionDto) => selection.filter === undefined)(
  BulkSelectionDto.prototype,
  'orderIds',
);

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
