import { randomBytes } from 'node:crypto';
import { deliveryFee } from './fees';
import { labelUrl } from './labels';
import {
  centerById,
  communeByName,
  wilayaByName,
  type YalidineCenter,
  type YalidineCommune,
} from './geography';
import type { Status } from './statuses';

/** A parcel as `GET /v1/parcels/` shows it. */
export interface ParcelRecord {
  tracking: string;
  order_id: string;
  firstname: string;
  familyname: string;
  contact_phone: string;
  address: string;
  is_stopdesk: 0 | 1;
  stopdesk_id: number | null;
  stopdesk_name: string | null;
  from_wilaya_id: number;
  from_wilaya_name: string;
  to_commune_id: number;
  to_commune_name: string;
  to_wilaya_id: number;
  to_wilaya_name: string;
  product_list: string;
  price: number;
  do_insurance: boolean;
  declared_value: number;
  delivery_fee: number;
  freeshipping: 0 | 1;
  import_id: number;
  date_creation: string;
  date_expedition: string | null;
  date_last_status: string;
  last_status: Status;
  length: number;
  width: number;
  height: number;
  weight: number;
  has_recouvrement: 0 | 1;
  payment_status: 'not-ready' | 'ready' | 'receivable' | 'payed';
  payment_id: string | null;
  has_exchange: 0 | 1;
  product_to_collect: string | null;
  label: string;
  pin: string;
}

/** What a parcel's creation must send. */
export const PARCEL_FIELDS = [
  'order_id',
  'from_wilaya_name',
  'firstname',
  'familyname',
  'contact_phone',
  'address',
  'to_commune_name',
  'to_wilaya_name',
  'product_list',
  'price',
  'do_insurance',
  'declared_value',
  'length',
  'width',
  'height',
  'weight',
  'freeshipping',
  'is_stopdesk',
  'has_exchange',
] as const;
const TEXT = ['order_id', 'firstname', 'familyname', 'contact_phone', 'address', 'product_list'] as const;
const BOOLEANS = ['do_insurance', 'freeshipping', 'is_stopdesk', 'has_exchange'] as const;
const AMOUNTS = ['price', 'declared_value'] as const;
const SIZES = ['length', 'width', 'height', 'weight'] as const;
/** Each number: 0 then 9 digits (mobile) or 8 (landline); several separated by commas. */
const PHONES = /^0\d{8,9}(,0\d{8,9})*,?$/;

type Input = Record<string, unknown>;
const isBoolean = (v: unknown) => typeof v === 'boolean' || v === 0 || v === 1;
const isWhole = (v: unknown) => typeof v === 'number' && Number.isInteger(v);

/** What a valid parcel input resolves to. */
export interface Resolved {
  input: Input;
  from: number;
  commune: YalidineCommune;
  center: YalidineCenter | undefined;
}

/** Yalidine's refusal message for one parcel of a creation, or its resolved places. */
export function checkParcel(input: Input): string | Resolved {
  for (const field of PARCEL_FIELDS)
    if (input[field] === undefined || input[field] === null || input[field] === '')
      return `The ${field} parameter is required`;
  for (const field of TEXT)
    if (typeof input[field] !== 'string') return `The ${field} parameter must be of type string`;
  for (const field of BOOLEANS)
    if (!isBoolean(input[field])) return `The ${field} parameter must be of type boolean`;
  for (const field of AMOUNTS) {
    const value = input[field];
    if (!isWhole(value) || (value as number) < 0 || (value as number) > 150_000)
      return `The ${field} parameter must be an integer between 0 and 150000`;
  }
  for (const field of SIZES) {
    const value = input[field];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      return `The ${field} parameter must be a number greater than or equal to 0`;
  }
  if (!PHONES.test(String(input.contact_phone).replace(/\s/g, '')))
    return 'The contact_phone parameter must start with 0 and contain 9 digits for mobile or 8 for landline';
  const from = wilayaByName(String(input.from_wilaya_name));
  if (!from) return 'The from_wilaya_name parameter is not a known wilaya';
  const to = wilayaByName(String(input.to_wilaya_name));
  if (!to) return 'The to_wilaya_name parameter is not a known wilaya';
  const commune = communeByName(to.id, String(input.to_commune_name));
  if (!commune) return `The to_commune_name parameter is not a commune of ${to.name}`;
  if (commune.is_deliverable !== 1) return `The commune ${commune.name} is not deliverable`;
  if (input.has_exchange && typeof input.product_to_collect !== 'string')
    return 'The product_to_collect parameter is required when has_exchange is true';
  if (!input.is_stopdesk) return { input, from: from.id, commune, center: undefined };
  if (input.stopdesk_id === undefined || input.stopdesk_id === null || input.stopdesk_id === '')
    return 'The stopdesk_id parameter is required when is_stopdesk is true';
  const center = centerById(Number(input.stopdesk_id));
  if (!center || center.wilaya_id !== to.id) return `The stopdesk_id parameter is not a center of ${to.name}`;
  return { input, from: from.id, commune, center };
}

const flag = (v: unknown): 0 | 1 => (v === true || v === 1 ? 1 : 0);

/** Yalidine's date format, in Algiers time (UTC+1 all year). */
export function yalidineDate(at = new Date()): string {
  return new Date(at.getTime() + 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function newTracking(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `yal-${[...randomBytes(6)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The parcel record of a valid input, created now in "En préparation". */
export function newParcel(resolved: Resolved, importId: number, baseUrl: string): ParcelRecord {
  const { input, from, commune, center } = resolved;
  const tracking = newTracking();
  const now = yalidineDate();
  const size = { length: 0, width: 0, height: 0, weight: 0 };
  for (const key of Object.keys(size) as (keyof typeof size)[]) size[key] = Number(input[key]);
  const isStopdesk = flag(input.is_stopdesk);
  return {
    tracking,
    order_id: String(input.order_id),
    firstname: String(input.firstname),
    familyname: String(input.familyname),
    contact_phone: String(input.contact_phone),
    address: String(input.address),
    is_stopdesk: isStopdesk,
    stopdesk_id: center?.center_id ?? null,
    stopdesk_name: center?.name ?? null,
    from_wilaya_id: from,
    from_wilaya_name: String(input.from_wilaya_name),
    to_commune_id: commune.id,
    to_commune_name: commune.name,
    to_wilaya_id: commune.wilaya_id,
    to_wilaya_name: commune.wilaya_name,
    product_list: String(input.product_list),
    price: Number(input.price),
    do_insurance: flag(input.do_insurance) === 1,
    declared_value: Number(input.declared_value),
    delivery_fee: deliveryFee(from, commune, isStopdesk === 1, size),
    freeshipping: flag(input.freeshipping),
    import_id: importId,
    date_creation: now,
    date_expedition: null,
    date_last_status: now,
    last_status: 'En préparation',
    ...size,
    has_recouvrement: Number(input.price) > 0 ? 1 : 0,
    payment_status: 'not-ready',
    payment_id: null,
    has_exchange: flag(input.has_exchange),
    product_to_collect: input.has_exchange ? String(input.product_to_collect) : null,
    label: labelUrl(baseUrl, tracking),
    pin: String(1000 + (randomBytes(2).readUInt16BE() % 9000)),
  };
}
