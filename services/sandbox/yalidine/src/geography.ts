import { normalizePlaceName, WILAYAS, type Wilaya } from '@tawsil/geo-dz';

export interface YalidineWilaya {
  id: number;
  name: string;
  zone: number;
  is_deliverable: 0 | 1;
}
export interface YalidineCommune {
  id: number;
  name: string;
  wilaya_id: number;
  wilaya_name: string;
  has_stop_desk: 0 | 1;
  is_deliverable: 0 | 1;
  delivery_time_parcel: number;
  delivery_time_payment: number;
}
export interface YalidineCenter {
  center_id: number;
  name: string;
  address: string;
  gps: string | null;
  commune_id: number;
  commune_name: string;
  wilaya_id: number;
  wilaya_name: string;
}

/** Yalidine's zones: 1 around Algiers, 2 the rest of the north, 3 the south, 4 the far south. */
const ZONE_1 = new Set([9, 16, 35, 42]);
const ZONE_3 = new Set([3, 7, 8, 17, 30, 32, 39, 45, 47, 51, 55, 57, 58]);
const ZONE_4 = new Set([1, 11, 33, 37, 49, 50, 52, 53, 54, 56]);
/** Far-south wilayas where the sandbox has no center: no stop desk, and only the chief town is served. */
const NO_CENTER = new Set([50, 54, 56]);
/** Where the sandbox has a center in every daïra seat rather than in the chief town only. */
const CENTER_IN_EVERY_DAIRA = new Set([16]);

function zoneOf(code: number): number {
  if (ZONE_1.has(code)) return 1;
  if (ZONE_3.has(code)) return 3;
  return ZONE_4.has(code) ? 4 : 2;
}

/** The commune named like its wilaya, or the first one listed. */
function chiefTown(wilaya: Wilaya): string {
  const name = normalizePlaceName(wilaya.name);
  return (wilaya.communes.find((c) => normalizePlaceName(c.name) === name) ?? wilaya.communes[0]).name;
}

export const wilayas: YalidineWilaya[] = WILAYAS.map((w) => ({
  id: w.code,
  name: w.name,
  zone: zoneOf(w.code),
  is_deliverable: 1,
}));

export const communes: YalidineCommune[] = [];
export const centers: YalidineCenter[] = [];

// Ids shaped like Yalidine's: a commune is its wilaya's code then two digits (1630), a center its
// commune's id then two digits (163001).
for (const w of WILAYAS) {
  const chief = chiefTown(w);
  w.communes.forEach((c, index) => {
    const id = w.code * 100 + index + 1;
    const isSeat = CENTER_IN_EVERY_DAIRA.has(w.code)
      ? c.name === c.daira || c.name === chief
      : c.name === chief;
    const hasCenter = isSeat && !NO_CENTER.has(w.code);
    if (hasCenter)
      centers.push({
        center_id: id * 100 + 1,
        name: `Centre de ${c.name}`,
        address: `Agence Yalidine, centre-ville, ${c.name}`,
        gps: null,
        commune_id: id,
        commune_name: c.name,
        wilaya_id: w.code,
        wilaya_name: w.name,
      });
    const zone = zoneOf(w.code);
    communes.push({
      id,
      name: c.name,
      wilaya_id: w.code,
      wilaya_name: w.name,
      has_stop_desk: hasCenter ? 1 : 0,
      is_deliverable: NO_CENTER.has(w.code) && c.name !== chief ? 0 : 1,
      delivery_time_parcel: zone + 1,
      delivery_time_payment: zone + 6,
    });
  });
}

export const wilayaById = (id: number) => wilayas.find((w) => w.id === id);
export const wilayaByName = (name: string) => wilayas.find((w) => w.name === name);
export const communeByName = (wilayaId: number, name: string) =>
  communes.find((c) => c.wilaya_id === wilayaId && c.name === name);
export const communeById = (id: number) => communes.find((c) => c.id === id);
export const centerById = (id: number) => centers.find((c) => c.center_id === id);
export const centersOf = (wilayaId: number) => centers.filter((c) => c.wilaya_id === wilayaId);
