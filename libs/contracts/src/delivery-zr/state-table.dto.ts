import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';

/**
 * What a carrier state does to an order: `saisie` leaves it saisie (still with the seller or at the
 * carrier's depot), the next three move it there, `ignored` neither moves it nor counts it known.
 */
export const STATE_TABLE_STATUSES = [
  'saisie',
  'en cours de livraison',
  'livrée',
  'retour',
  'ignored',
] as const;
export type StateTableStatus = (typeof STATE_TABLE_STATUSES)[number];

/** Where an account's state table came from: the carrier's workflows, or the product's own lists. */
export const STATE_TABLE_SOURCES = ['carrier', 'defaults'] as const;
export type StateTableSource = (typeof STATE_TABLE_SOURCES)[number];

/** At most this many states change in one request (a workflow has a few dozen). */
export const STATE_CHANGES_MAX = 200;

/** One carrier state and the product status it should map to. */
export class StateChangeDto {
  @ApiProperty({
    description: 'The state as the carrier sends it (a ZR slug, a procolis or Yalidine status)',
  })
  @IsString({ message: 'state must be a carrier state' })
  @IsNotEmpty({ message: 'state must be a carrier state' })
  @MaxLength(200)
  state!: string;

  @ApiProperty({ enum: STATE_TABLE_STATUSES })
  @IsIn(STATE_TABLE_STATUSES, { message: `status must be one of ${STATE_TABLE_STATUSES.join(', ')}` })
  status!: StateTableStatus;
}

/** `PUT /api/delivery/account/{id}/states` */
export class SetAccountStatesDto {
  @ApiProperty({ type: [StateChangeDto], maxItems: STATE_CHANGES_MAX })
  @ValidateNested({ each: true })
  @Type(() => StateChangeDto)
  @ArrayMaxSize(STATE_CHANGES_MAX, { message: `changes may name at most ${STATE_CHANGES_MAX} states` })
  @ArrayNotEmpty({ message: 'changes must name at least one state' })
  @IsArray({ message: 'changes must be a list of {state, status}' })
  changes!: StateChangeDto[];
}

/** One row of an account's state table. */
export class AccountStateView {
  @ApiProperty({ description: 'The state as the carrier sends it' }) state!: string;
  @ApiProperty({ description: 'Its name at the carrier' }) label!: string;
  @ApiProperty({ enum: STATE_TABLE_STATUSES }) status!: StateTableStatus;
  @ApiProperty({ enum: STATE_TABLE_STATUSES, description: "The product's default for this state" })
  defaultStatus!: StateTableStatus;
  @ApiProperty({ description: 'Whether the owner changed it from the default' }) changed!: boolean;
}

/** `GET /api/delivery/account/{id}/states` */
export class AccountStatesView {
  @ApiProperty({ format: 'uuid' }) accountId!: string;
  @ApiProperty({
    enum: STATE_TABLE_SOURCES,
    description: "carrier: read from the carrier's workflows; defaults: the product's lists",
  })
  source!: StateTableSource;
  @ApiProperty({ type: [AccountStateView] }) states!: AccountStateView[];
}
