import type { ParcelRequest } from './carrier';
import type { ZrPlaces } from './zr-current-geography';

/** The CreateParcelRequest for a parcel, or why ZR cannot take it, in the owner's words. */
export function buildParcel(places: ZrPlaces, parcel: ParcelRequest): object | string {
  const wilaya = places.wilaya(parcel.wilaya);
  if (!wilaya) return `ZR Express does not deliver to wilaya ${parcel.wilaya}`;
  let city = wilaya.id;
  let district: string | undefined;
  let hubId: string | null = null;
  if (parcel.isStopDesk) {
    const hub = places.hub(parcel.wilaya, parcel.place);
    if (!hub) return `ZR Express has no stop desk "${parcel.place}" in wilaya ${parcel.wilaya}`;
    hubId = hub.id;
    city = hub.address?.cityTerritoryId ?? city;
    district = hub.address?.districtTerritoryId ?? undefined;
  } else {
    district = places.commune(parcel.wilaya, parcel.place)?.id;
    if (!district) return `ZR Express does not know the commune "${parcel.place}" in wilaya ${parcel.wilaya}`;
  }
  if (!district) return `ZR Express gives no commune for the stop desk "${parcel.place}"`;
  return {
    customer: { name: parcel.recipient, phone: { number1: parcel.phone } },
    deliveryAddress: { cityTerritoryId: city, districtTerritoryId: district, street: parcel.address },
    deliveryType: parcel.isStopDesk ? 'pickup-point' : 'home',
    hubId,
    amount: parcel.total,
    description: parcel.product,
    externalId: parcel.tracking,
    orderedProducts: [
      { productName: parcel.product, quantity: 1, unitPrice: parcel.total, stockType: 'none' },
    ],
  };
}
