import { ApiProperty } from '@nestjs/swagger';

export const SYNC_STATES = ['importing', 'synced', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** An order YouCan sent that was not stored; the import went on without it. */
export class RefusedOrderDto {
  @ApiProperty({ description: "The order's reference at YouCan" })
  ref!: string;

  @ApiProperty({ example: 'a quantity is above 1000000' })
  reason!: string;

  @ApiProperty()
  at!: string;
}

export class StoreSyncDto {
  @ApiProperty({ enum: SYNC_STATES })
  state!: SyncState;

  @ApiProperty({ description: 'Orders read from YouCan so far by the initial import' })
  imported!: number;

  @ApiProperty({ nullable: true, type: Number, description: 'Orders YouCan reported, once known' })
  total!: number | null;

  @ApiProperty({ nullable: true, type: String, description: 'When the import last finished' })
  lastSyncAt!: string | null;

  @ApiProperty({ nullable: true, type: String })
  lastError!: string | null;

  @ApiProperty({
    type: () => [RefusedOrderDto],
    required: false,
    description: 'The latest orders YouCan sent that could not be stored, newest first, with the reason',
  })
  refused?: RefusedOrderDto[];
}

/** A connected store as the stores service knows it. */
export class StoreSummaryDto {
  @ApiProperty({ format: 'uuid' })
  _id!: string;

  @ApiProperty({ example: 'ma-boutique' })
  name!: string;

  @ApiProperty({ enum: ['youcan'] })
  platform!: 'youcan';

  @ApiProperty()
  createdAt!: string;

  @ApiProperty({ type: StoreSyncDto })
  sync!: StoreSyncDto;
}

/** `GET /api/stores/youcan`: the store with the number of its orders in the product. */
export class StoreDto extends StoreSummaryDto {
  @ApiProperty({ description: 'Orders of this store held by the product' })
  ordersCount!: number;
}

export class AuthUrlDto {
  @ApiProperty({ description: "YouCan's consent page; send the browser there" })
  authUrl!: string;
}

export class StoreIdDto {
  @ApiProperty({ format: 'uuid' })
  storeId!: string;
}

/** What YouCan appends to the callback address. */
export interface AuthorizationCallback {
  code?: string;
  state?: string;
  error?: string;
}

/** Where the callback sends the browser back to, on the Link-store screen. */
export interface AuthorizationOutcome {
  storeName?: string;
  error?: string;
}
