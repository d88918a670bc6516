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

/**
 * `stores-youcan.oauth.start.v2`: the store name, and the hash of the nonce the gateway keeps in
 * the owner's browser (cookie `tawsil_store_link`); the nonce itself never leaves the gateway here.
 */
export interface StartLinkRequest {
  storename: string;
  /** Hex SHA-256 of the cookie's nonce. */
  nonceHash: string;
}

/**
 * `stores-youcan.oauth.complete.v2`: what YouCan appended to the callback address, with the nonce
 * of the browser that brought it (sealed on the bus, like `code`).
 */
export interface LinkCallback {
  code?: string;
  state?: string;
  error?: string;
  nonce?: string;
}

/**
 * Why a callback linked nothing; the Link-store screen shows a sentence for each:
 * - `link_invalid`: the state names no link attempt;
 * - `link_expired`: the attempt is older than ten minutes;
 * - `link_used`: the attempt was already completed (a replay, or a reload);
 * - `link_other_browser`: the callback came without the cookie of the browser that started it;
 * - `youcan_refused`: the merchant cancelled on YouCan's consent page;
 * - `youcan_failed`: YouCan did not exchange the code or name the store;
 * - `store_taken`: the YouCan store is already connected to another account;
 * - `unavailable`: the stores service did not answer.
 */
export const LINK_ERRORS = [
  'link_invalid',
  'link_expired',
  'link_used',
  'link_other_browser',
  'youcan_refused',
  'youcan_failed',
  'store_taken',
  'unavailable',
] as const;
export type LinkError = (typeof LINK_ERRORS)[number];

/**
 * Where the callback sends the browser back to, on the Link-store screen. `cookieUsed`: the
 * callback completed the attempt this browser's cookie started, so the gateway clears the cookie;
 * a callback of any other attempt leaves it for the owner's own consent to complete.
 */
export type LinkOutcome = ({ storeName: string } | { error: LinkError }) & { cookieUsed?: true };
