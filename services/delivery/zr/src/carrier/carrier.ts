import type { TariffEntry } from '@tawsil/contracts/delivery-zr';

/** An account's credentials, as the owner pasted them. */
export interface CarrierCredentials {
  apiKey: string;
  apiSecret: string;
}

/** One parcel to create, in the product's words; each carrier maps it to its own fields. */
export interface ParcelRequest {
  /** Ours, stable per order: sending it twice can never make two parcels. */
  tracking: string;
  orderId: string;
  recipient: string;
  phone: string;
  wilaya: number;
  isStopDesk: boolean;
  /** The commune for a home delivery, the desk for a stop desk. */
  place: string;
  address: string;
  /** Amount to collect, DZD. */
  total: number;
  product: string;
  source: string;
}

export type ParcelOutcome =
  | { tracking: string; result: 'created' }
  /** The carrier already holds a parcel with this tracking number. */
  | { tracking: string; result: 'duplicate' }
  | { tracking: string; result: 'refused'; reason: string };

export interface ParcelState {
  tracking: string;
  /** The carrier's own wording of where the parcel is. */
  state: string;
  at: string | null;
}

export type CarrierErrorKind =
  /** The carrier refuses the credentials. */
  | 'credentials'
  /** Failed or timed out: for a create call, the parcels may or may not exist. */
  | 'unavailable';

export class CarrierError extends Error {
  constructor(
    readonly kind: CarrierErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'CarrierError';
  }
}

/**
 * What saisie, tracking and the delivery form need of a carrier. ZR Express's procolis API is
 * the first; its newer zrexpress.app API or another carrier is another implementation of this.
 */
export interface Carrier {
  /** Parcels per create call and trackings per read call the carrier accepts. */
  readonly batchLimit: number;
  readonly readLimit: number;
  /** False when the carrier refuses them; throws CarrierError('unavailable') when it cannot tell. */
  checkCredentials(credentials: CarrierCredentials): Promise<boolean>;
  tariffs(credentials: CarrierCredentials): Promise<TariffEntry[]>;
  /** One outcome per parcel, in order. */
  createParcels(credentials: CarrierCredentials, parcels: ParcelRequest[]): Promise<ParcelOutcome[]>;
  /** The states of the parcels the carrier knows among these trackings; unknown ones are left out. */
  readParcels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelState[]>;
}

/** The Nest token under which the carrier is injected. */
export const CARRIER = Symbol('Carrier');
