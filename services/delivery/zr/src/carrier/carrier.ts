import type { StopDeskEntry, TariffEntry } from '@tawsil/contracts/delivery-zr';

/**
 * An account's credentials, as the owner pasted them. procolis: `apiKey` its key, `apiSecret` its
 * token; ZR's current API: `apiKey` (X-Api-Key) and `tenantId` (X-Tenant); Yalidine: `apiKey` its
 * API id, `apiSecret` its API token.
 */
export interface CarrierCredentials {
  apiKey: string;
  apiSecret?: string;
  tenantId?: string;
  /** Yalidine: the wilaya the account's parcels leave from (not a secret, kept in clear). */
  fromWilaya?: number;
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

/** A state as the carrier names it: what it sends (a slug, a status text) and its label. */
export interface CarrierStateInfo {
  state: string;
  label: string;
}

/** One parcel's label, as the carrier prints it: a PDF of one page or more. */
export interface ParcelLabel {
  tracking: string;
  pdf: Uint8Array;
}

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

/** A webhook endpoint registered at the carrier, and the secret it signs its deliveries with. */
export interface RegisteredWebhook {
  endpointId: string;
  secret: string;
}

/** Carriers that push parcel states to an endpoint of ours (ZR's current API, through Svix). */
export interface CarrierWebhooks {
  /** Registers `url` for every parcel event; throws CarrierError when the carrier cannot. */
  register(credentials: CarrierCredentials, url: string): Promise<RegisteredWebhook>;
  /** Removes the endpoint; one the carrier no longer knows counts as removed. */
  remove(credentials: CarrierCredentials, endpointId: string): Promise<void>;
}

/**
 * What saisie, tracking, labels and the delivery form need of a carrier API. `Carriers.for(account)`
 * gives the one an account speaks; `tracking` is always ours (see parcel-plan.ts), whatever number
 * the carrier gives the parcel.
 */
export interface Carrier {
  /** The carrier's name, as the owner reads it in a refusal. */
  readonly displayName: string;
  /** Parcels per create call and trackings per read call the carrier accepts. */
  readonly batchLimit: number;
  readonly readLimit: number;
  /** False when the carrier refuses them; throws CarrierError('unavailable') when it cannot tell. */
  checkCredentials(credentials: CarrierCredentials): Promise<boolean>;
  tariffs(credentials: CarrierCredentials): Promise<TariffEntry[]>;
  /** The account's stop desks in every wilaya, named as the carrier knows them (saisie sends that name). */
  desks(credentials: CarrierCredentials): Promise<StopDeskEntry[]>;
  /** One outcome per parcel, in order. */
  createParcels(credentials: CarrierCredentials, parcels: ParcelRequest[]): Promise<ParcelOutcome[]>;
  /** The states of the parcels the carrier knows among these trackings; unknown ones are left out. */
  readParcels(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelState[]>;
  /**
   * The states the account's carrier lists (its workflows), for the account's state table; absent
   * when the carrier has no such list (the product's own lists serve). Throws CarrierError.
   */
  states?(credentials: CarrierCredentials): Promise<CarrierStateInfo[]>;
  /** The labels of the parcels the carrier prints among these trackings; absent when it prints none. */
  labels?(credentials: CarrierCredentials, trackings: string[]): Promise<ParcelLabel[]>;
  /** Present when the carrier can push parcel states; tracking by reading stays the fallback. */
  readonly webhooks?: CarrierWebhooks;
}
