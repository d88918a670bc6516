import { communes, wilayaById, centersOf, type YalidineCommune } from './geography';

export interface CommuneFees {
  commune_id: number;
  commune_name: string;
  express_home: number | null;
  express_desk: number | null;
  economic_home: number | null;
  economic_desk: number | null;
}
export interface Fees {
  from_wilaya_name: string;
  to_wilaya_name: string;
  zone: number;
  retour_fee: number;
  cod_percentage: number;
  insurance_percentage: number;
  oversize_fee: number;
  per_commune: Record<string, CommuneFees>;
}

const HOME_BY_ZONE: Record<number, number> = { 1: 450, 2: 600, 3: 800, 4: 1100 };
const RETURN_BY_ZONE: Record<number, number> = { 1: 200, 2: 250, 3: 300, 4: 350 };
/** Charged per kilogram past the first five (docs: "The first 5 KG are free"). */
const OVERSIZE_BY_ZONE: Record<number, number> = { 1: 50, 2: 50, 3: 100, 4: 100 };
const FREE_KILOGRAMS = 5;

/** The route's zone: the farther of the two wilayas. */
function routeZone(from: number, to: number): number {
  return Math.max(wilayaById(from)?.zone ?? 2, wilayaById(to)?.zone ?? 2);
}

function communeFees(from: number, commune: YalidineCommune, economic: boolean): CommuneFees {
  const zone = routeZone(from, commune.wilaya_id);
  // Within one wilaya it costs less; each commune adds its own small tax, as Yalidine's do.
  const home = HOME_BY_ZONE[zone] - (from === commune.wilaya_id ? 150 : 0) + (commune.id % 5) * 10;
  const hasDesk = centersOf(commune.wilaya_id).length > 0;
  const served = commune.is_deliverable === 1;
  const desk = hasDesk && served ? home - 200 : null;
  return {
    commune_id: commune.id,
    commune_name: commune.name,
    express_home: served ? home : null,
    express_desk: desk,
    economic_home: economic && served ? home - 100 : null,
    economic_desk: economic && desk !== null ? desk - 50 : null,
  };
}

/** `GET /v1/fees/`: what sending from one wilaya to every commune of another costs. */
export function feesBetween(from: number, to: number, economic: boolean): Fees | undefined {
  const origin = wilayaById(from);
  const destination = wilayaById(to);
  if (!origin || !destination) return undefined;
  const zone = routeZone(from, to);
  const perCommune = communes.filter((c) => c.wilaya_id === to).map((c) => communeFees(from, c, economic));
  return {
    from_wilaya_name: origin.name,
    to_wilaya_name: destination.name,
    zone,
    retour_fee: RETURN_BY_ZONE[zone],
    cod_percentage: 0.75,
    insurance_percentage: 0.75,
    oversize_fee: OVERSIZE_BY_ZONE[zone],
    per_commune: Object.fromEntries(perCommune.map((fees) => [String(fees.commune_id), fees])),
  };
}

export interface Dimensions {
  length: number;
  width: number;
  height: number;
  weight: number;
}

/** The parcel's delivery fee: the commune's express fee plus the overweight fee past 5 kg. */
export function deliveryFee(
  from: number,
  commune: YalidineCommune,
  isStopdesk: boolean,
  size: Dimensions,
): number {
  const fees = communeFees(from, commune, false);
  const base = (isStopdesk ? fees.express_desk : fees.express_home) ?? 0;
  // Docs: billable weight is the larger of the real weight and length x width x height x 0.0002.
  const billable = Math.max(size.weight, size.length * size.width * size.height * 0.0002);
  const over = Math.max(0, Math.ceil(billable - FREE_KILOGRAMS));
  return base + over * OVERSIZE_BY_ZONE[routeZone(from, commune.wilaya_id)];
}
