import type { TariffEntry } from '@tawsil/contracts/delivery-zr';
import { normalizePlaceName } from '@tawsil/geo-dz';
import type { ParcelRequest } from '../carrier';

export interface YalidineWilaya {
  id: number;
  name: string;
}
export interface YalidineCommune {
  id: number;
  name: string;
  wilaya_id: number;
  is_deliverable: number;
}
export interface YalidineCenter {
  center_id: number;
  name: string;
  commune_name: string;
  wilaya_id: number;
}
export interface CommuneFees {
  express_home: number | null;
  express_desk: number | null;
  economic_home: number | null;
  economic_desk: number | null;
}
export interface YalidineFees {
  per_commune?: Record<string, CommuneFees>;
}

/** What `POST /v1/parcels/` takes for one parcel. */
export interface YalidineParcel {
  order_id: string;
  from_wilaya_name: string;
  firstname: string;
  familyname: string;
  contact_phone: string;
  address: string;
  to_commune_name: string;
  to_wilaya_name: string;
  product_list: string;
  price: number;
  do_insurance: boolean;
  declared_value: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  freeshipping: boolean;
  is_stopdesk: boolean;
  stopdesk_id?: number;
  has_exchange: boolean;
}

/** Where a parcel goes, in Yalidine's own names and ids. */
export interface YalidinePlaces {
  fromWilaya: YalidineWilaya;
  toWilaya: YalidineWilaya;
  communes: YalidineCommune[];
  centers: YalidineCenter[];
}

const same = (a: string, b: string) => normalizePlaceName(a) === normalizePlaceName(b);
/** "Centre de Tizi Ouzou", "Agence de Hydra" → the place it is named after. */
const centerPlace = (name: string) =>
  name.replace(/^\s*(centre|agence|bureau|stop ?desk)\s+(de |d'|du )?/i, '');

/** The center a stop desk named by the owner is: by its name, the place it is named after, or its commune. */
export function findCenter(centers: YalidineCenter[], desk: string): YalidineCenter | undefined {
  return (
    centers.find((center) => same(center.name, desk)) ??
    centers.find((center) => same(centerPlace(center.name), desk)) ??
    centers.find((center) => same(center.commune_name, desk))
  );
}

/** First name and family name, as Yalidine wants both: a one-word name is used for both. */
export function splitName(fullName: string): { firstname: string; familyname: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { firstname: words[0] ?? '', familyname: words[0] ?? '' };
  return { firstname: words[0], familyname: words.slice(1).join(' ') };
}

/**
 * Yalidine's parcel for one of ours, or why it cannot be sent (said after the carrier's name). `order_id` is our tracking: it is
 * how the parcel is found again (Yalidine accepts an order_id twice, so it is searched before any
 * resend). The customer pays the order's total and nothing more (`freeshipping`: the fee is the
 * seller's, as with ZR Express).
 */
export function toYalidineParcel(parcel: ParcelRequest, places: YalidinePlaces): YalidineParcel | string {
  const base = {
    order_id: parcel.tracking,
    from_wilaya_name: places.fromWilaya.name,
    ...splitName(parcel.recipient),
    contact_phone: parcel.phone,
    address: parcel.address,
    to_wilaya_name: places.toWilaya.name,
    product_list: parcel.product,
    price: Math.round(parcel.total),
    do_insurance: false,
    declared_value: Math.round(parcel.total),
    length: 0,
    width: 0,
    height: 0,
    weight: 1,
    freeshipping: true,
    has_exchange: false,
  };
  if (parcel.isStopDesk) {
    const center = findCenter(places.centers, parcel.place);
    if (!center)
      return places.centers.length === 0
        ? `No stop desk in ${places.toWilaya.name}`
        : `No stop desk "${parcel.place}" in ${places.toWilaya.name}: choose one of ${places.centers
            .map((c) => centerPlace(c.name))
            .join(', ')}`;
    return {
      ...base,
      to_commune_name: center.commune_name,
      is_stopdesk: true,
      stopdesk_id: center.center_id,
    };
  }
  const commune = places.communes.find((candidate) => same(candidate.name, parcel.place));
  if (!commune) return `No commune "${parcel.place}" in ${places.toWilaya.name}`;
  if (!commune.is_deliverable) return `${commune.name} is not served`;
  return { ...base, to_commune_name: commune.name, is_stopdesk: false };
}

/**
 * A wilaya's row of the tariff table from Yalidine's fees per commune: the lowest express price
 * to a commune there, at home and at a stop desk ("0" when none is offered). Express is Yalidine's
 * standard service; the economic one is not offered on every account.
 */
export function tariffEntryFrom(wilaya: YalidineWilaya, fees: YalidineFees): TariffEntry {
  const lowest = (prices: (number | null | undefined)[]) => {
    const offered = prices.filter((price): price is number => typeof price === 'number' && price > 0);
    return offered.length === 0 ? '0' : String(Math.min(...offered));
  };
  const communes = Object.values(fees.per_commune ?? {});
  return {
    IDWilaya: wilaya.id,
    Wilaya: wilaya.name,
    Domicile: lowest(communes.map((commune) => commune.express_home)),
    Stopdesk: lowest(communes.map((commune) => commune.express_desk)),
  };
}
