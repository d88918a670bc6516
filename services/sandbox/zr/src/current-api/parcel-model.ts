import { randomUUID } from 'node:crypto';
import { hubById, type Hub, type Territory, territoryById } from './geography';
import { isUuid, trackingNumber } from './ids';
import type { ValidationError } from './problem';
import { deliveryPrice } from './rates';
import { stateByNameOrId, type State } from './workflow';

export interface StateChange {
  id: string;
  state: State;
  situation: State['situations'][number] | null;
  comment: string | null;
  createdAt: string;
}

/** A `CreateParcelRequest` that passed validation (the fields the sandbox reads). */
export interface ParcelRequest {
  customer: {
    customerId?: string;
    name: string;
    phone: { number1: string; number2?: string; number3?: string };
  };
  deliveryAddress: {
    cityTerritoryId: string;
    districtTerritoryId: string;
    street?: string;
    postalCode?: string;
  };
  deliveryType: 'home' | 'pickup-point';
  hubId?: string | null;
  amount: number;
  description?: string;
  externalId?: string | null;
  orderedProducts?: {
    productName?: string;
    quantity?: number;
    stockType?: string;
    [field: string]: unknown;
  }[];
}

/** A request as it arrives: any field may be missing or of the wrong type. */
interface UncheckedRequest {
  customer?: { name?: unknown; phone?: { number1?: unknown } };
  deliveryAddress?: { cityTerritoryId?: unknown; districtTerritoryId?: unknown };
  deliveryType?: unknown;
  hubId?: unknown;
  amount?: unknown;
  description?: unknown;
}

/** A parcel as the sandbox keeps it: the request as sent, plus what ZR adds. */
export interface StoredParcel {
  id: string;
  trackingNumber: string;
  request: ParcelRequest;
  city: Territory;
  district: Territory;
  hub: Hub | null;
  deliveryPrice: number;
  isReturn: boolean;
  history: StateChange[];
  createdAt: string;
}

/** Why ZR refuses a parcel: bad fields (400), or an id that names nothing (404). */
export type Refusal =
  { status: 400; errors: ValidationError[] } | { status: 404; title: string; detail: string };

const PHONE = /^(\+213|0)[5-7]\d{8}$/;

function requiredErrors(input: UncheckedRequest, bulk: boolean): ValidationError[] {
  const errors: ValidationError[] = [];
  const need = (ok: boolean, code: string, description: string) => ok || errors.push({ code, description });
  const text = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  need(text(input.customer?.name), 'NotEmptyValidator', 'Name is required');
  const phone = input.customer?.phone?.number1;
  need(text(phone), 'NotEmptyValidator', 'Phone is required');
  if (typeof phone === 'string' && text(phone))
    need(PHONE.test(phone.replace(/\s/g, '')), 'PhoneValidator', 'Phone number is invalid');
  need(isUuid(input.deliveryAddress?.cityTerritoryId), 'NotEmptyValidator', 'CityTerritoryId is required');
  need(
    isUuid(input.deliveryAddress?.districtTerritoryId),
    'NotEmptyValidator',
    'DistrictTerritoryId is required',
  );
  need(
    input.deliveryType === 'home' || input.deliveryType === 'pickup-point',
    'DeliveryTypeValidator',
    "DeliveryType must be 'home' or 'pickup-point'",
  );
  if (input.deliveryType === 'pickup-point')
    need(isUuid(input.hubId), 'NotEmptyValidator', 'HubId is required');
  need(
    typeof input.amount === 'number' && Number.isFinite(input.amount) && input.amount >= 0,
    'AmountValidator',
    'Amount must be a number from 0',
  );
  if (bulk) need(text(input.description), 'NotEmptyValidator', 'Description is required');
  return errors;
}

/** The parcel ZR would create from this request, or why it refuses it. */
export function admitParcel(input: unknown, bulk: boolean): StoredParcel | Refusal {
  const unchecked = (input && typeof input === 'object' ? input : {}) as UncheckedRequest;
  const errors = requiredErrors(unchecked, bulk);
  if (errors.length > 0) return { status: 400, errors };
  const request = unchecked as ParcelRequest;
  const city = territoryById(request.deliveryAddress.cityTerritoryId);
  const district = territoryById(request.deliveryAddress.districtTerritoryId);
  if (!city || city.level !== 'wilaya')
    return { status: 404, title: 'TerritoryErrors.TerritoryNotFound', detail: 'City territory not found' };
  if (!district || district.parentId !== city.id)
    return {
      status: 404,
      title: 'TerritoryErrors.TerritoryNotFound',
      detail: 'District territory not found in city',
    };
  let hub: Hub | null = null;
  if (request.deliveryType === 'pickup-point') {
    hub = hubById(request.hubId!) ?? null;
    if (!hub || !hub.isPickupPoint)
      return { status: 404, title: 'HubErrors.HubNotFound', detail: 'Hub not found' };
  } else if (!city.delivery.hasHomeDelivery) {
    return {
      status: 400,
      errors: [
        { code: 'DeliveryTypeValidator', description: 'Home delivery is not available for this territory' },
      ],
    };
  }
  const price = deliveryPrice(city.code, request.deliveryType);
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    trackingNumber: trackingNumber(city.code),
    request,
    city,
    district,
    hub,
    deliveryPrice: price ?? 0,
    isReturn: false,
    history: [
      {
        id: randomUUID(),
        state: stateByNameOrId('commande_recue')!,
        situation: null,
        comment: null,
        createdAt: now,
      },
    ],
    createdAt: now,
  };
}

export function isRefusal(result: StoredParcel | Refusal): result is Refusal {
  return 'status' in result;
}

const stateDto = (state: State) => ({
  id: state.id,
  name: state.name,
  description: state.description,
  isBlocking: false,
  isLocked: false,
  visibleFor: 0,
  editableBy: 0,
  color: state.color,
});

/** `GET /parcels/{id}`'s answer (GetSupplierParcelResponse, the fields a client reads). */
export function parcelResponse(parcel: StoredParcel, tenantId: string) {
  const last = parcel.history[parcel.history.length - 1];
  const { request } = parcel;
  const reached = (slug: string) =>
    parcel.history.find((change) => change.state.name === slug)?.createdAt ?? null;
  return {
    id: parcel.id,
    trackingNumber: parcel.trackingNumber,
    externalId: request.externalId ?? null,
    customer: {
      customerId: request.customer.customerId ?? null,
      name: request.customer.name,
      phone: { number2: null, number3: null, ...request.customer.phone },
    },
    deliveryAddress: {
      street: request.deliveryAddress.street ?? null,
      city: parcel.city.name,
      cityTerritoryId: parcel.city.id,
      district: parcel.district.name,
      districtTerritoryId: parcel.district.id,
      cityTerritoryCode: parcel.city.code,
      postalCode: request.deliveryAddress.postalCode ?? null,
      country: 'DZ',
      coordinates: { lat: null, lng: null },
      hubId: parcel.hub?.id ?? null,
      hubName: parcel.hub?.name ?? null,
    },
    amount: request.amount,
    deliveryPrice: parcel.deliveryPrice,
    returnPrice: 200,
    paymentMethod: 'cash',
    deliveryType: request.deliveryType,
    description: request.description ?? null,
    productsDescription: (request.orderedProducts ?? [])
      .map((product) => `${product.quantity ?? 1} x ${product.productName}`)
      .join(', '),
    productsStockType: request.orderedProducts?.[0]?.stockType ?? 'local',
    state: stateDto(last.state),
    situation: last.situation ? { ...last.situation, metadata: null } : null,
    lastStateHistoryId: last.id,
    lastStateUpdateAt: last.createdAt,
    isReturn: parcel.isReturn,
    deliveredAt: reached('livre'),
    returnedAt: reached('retourne'),
    createdAt: parcel.createdAt,
    tenantId,
    type: 'standard',
    orderedProducts: (request.orderedProducts ?? []).map((product) => ({
      id: null,
      ...product,
    })),
  };
}

/** `GET /parcels/{parcelId}/state-history`: oldest first. */
export function stateHistoryResponse(parcel: StoredParcel) {
  return parcel.history.map((change) => ({
    id: change.id,
    parcelId: parcel.id,
    state: stateDto(change.state),
    situation: change.situation,
    comment: change.comment,
    createdAt: change.createdAt,
  }));
}
