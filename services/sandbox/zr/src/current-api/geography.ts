import { normalizePlaceName, stopDesksOf, WILAYAS } from '@tawsil/geo-dz';
import { stableUuid, zrSpelling } from './ids';

export interface Territory {
  id: string;
  code: number;
  name: string;
  nameArabic: string;
  postalCode: string | null;
  level: 'wilaya' | 'commune';
  parentId: string | null;
  delivery: { hasHomeDelivery: boolean; hasPickupPoint: boolean; canSend: boolean };
}

export interface Hub {
  id: string;
  name: string;
  type: string;
  isPickupPoint: boolean;
  isVisible: boolean;
  isReturnCenter: boolean;
  address: {
    street: string;
    city: string;
    cityTerritoryId: string;
    district: string;
    districtTerritoryId: string;
    postalCode: string | null;
    country: string;
    coordinates: { lat: number | null; lng: number | null };
  };
  openingHours: string;
  phone: { number1: string; number2: null; number3: null };
  createdAt: string;
}

/**
 * Wilayas ZR has no wilaya-level territory for (Illizi, Tindouf, Bordj Badji Mokhtar, Djanet), as
 * a live audit found: a parcel for them cannot be created.
 */
export const UNSERVED_WILAYAS = new Set([33, 37, 50, 56]);
/** Served wilayas without home delivery: only a stop desk, where there is one. */
const NO_HOME_DELIVERY = new Set([54]);

const CREATED_AT = '2025-01-01T00:00:00.000Z';

function build() {
  const territories: Territory[] = [];
  const hubs: Hub[] = [];
  for (const wilaya of WILAYAS) {
    if (UNSERVED_WILAYAS.has(wilaya.code)) continue;
    const desks = stopDesksOf(wilaya.code);
    const home = !NO_HOME_DELIVERY.has(wilaya.code);
    const wilayaId = stableUuid(`territory:wilaya:${wilaya.code}`);
    const postalCode = `${String(wilaya.code).padStart(2, '0')}000`;
    territories.push({
      id: wilayaId,
      code: wilaya.code,
      name: zrSpelling(wilaya.name),
      nameArabic: wilaya.nameAr.trim(),
      postalCode,
      level: 'wilaya',
      parentId: null,
      delivery: { hasHomeDelivery: home, hasPickupPoint: desks.length > 0, canSend: true },
    });
    const communes = wilaya.communes.map((commune, index) => ({
      id: stableUuid(`territory:commune:${wilaya.code}:${commune.name}`),
      code: wilaya.code * 100 + index + 1,
      name: zrSpelling(commune.name),
      nameArabic: commune.nameAr.trim(),
      postalCode: null,
      level: 'commune' as const,
      parentId: wilayaId,
      delivery: { hasHomeDelivery: home, hasPickupPoint: false, canSend: true },
    }));
    territories.push(...communes);
    for (const desk of desks) {
      // A desk sits in the commune it is named after, else in the wilaya's first commune.
      const district =
        communes.find((commune) => normalizePlaceName(commune.name) === normalizePlaceName(desk.name)) ??
        communes.find((commune) => normalizePlaceName(commune.name) === normalizePlaceName(wilaya.name)) ??
        communes[0];
      district.delivery.hasPickupPoint = true;
      hubs.push({
        id: stableUuid(`hub:${wilaya.code}:${desk.name}`),
        name: `Hub ${zrSpelling(desk.name)} ${wilaya.code}`,
        type: 'pickup-point',
        isPickupPoint: true,
        isVisible: true,
        isReturnCenter: false,
        address: {
          street: desk.address,
          city: zrSpelling(wilaya.name),
          cityTerritoryId: wilayaId,
          district: district.name,
          districtTerritoryId: district.id,
          postalCode: null,
          country: 'DZ',
          coordinates: { lat: null, lng: null },
        },
        openingHours: 'Sam-Jeu 08:00-17:00',
        phone: { number1: desk.phone, number2: null, number3: null },
        createdAt: CREATED_AT,
      });
    }
  }
  return { territories, hubs };
}

const { territories, hubs } = build();
const TERRITORIES_BY_ID = new Map(territories.map((territory) => [territory.id, territory]));
const HUBS_BY_ID = new Map(hubs.map((hub) => [hub.id, hub]));

export const TERRITORIES: readonly Territory[] = territories;
export const HUBS: readonly Hub[] = hubs;

export function territoryById(id: string): Territory | undefined {
  return TERRITORIES_BY_ID.get(id);
}

export function hubById(id: string): Hub | undefined {
  return HUBS_BY_ID.get(id);
}
