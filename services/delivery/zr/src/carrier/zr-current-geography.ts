import { placeKey, WILAYAS, type Wilaya } from '@tawsil/geo-dz';

/** A `POST /territories/search` item: ZR calls them wilaya/commune or city/district depending on the client. */
export interface ZrTerritory {
  id: string;
  code?: number | string | null;
  name?: string | null;
  nameArabic?: string | null;
  level?: string | null;
  parentId?: string | null;
  delivery?: { hasHomeDelivery?: boolean; hasPickupPoint?: boolean; canSend?: boolean } | null;
}

/** A `POST /hubs/search` item. */
export interface ZrHub {
  id: string;
  name?: string | null;
  isPickupPoint?: boolean;
  address?: {
    city?: string | null;
    cityTerritoryId?: string | null;
    district?: string | null;
    districtTerritoryId?: string | null;
  } | null;
}

const WILAYA_LEVELS = new Set(['wilaya', 'city']);
const COMMUNE_LEVELS = new Set(['commune', 'district']);

const keysOf = (...names: (string | null | undefined)[]) =>
  names.filter((name): name is string => !!name?.trim()).map(placeKey);

/**
 * ZR's territories and hubs matched to the product's 58 wilayas and their communes. Names are
 * compared by their sound (placeKey: accents, case, dashes, articles and Dj/J-like spellings
 * forgiven; Arabic names too), as ZR strips accents ("Bejaia") and apostrophes ("MSila").
 */
export class ZrPlaces {
  private readonly wilayas = new Map<number, ZrTerritory>();
  private readonly communes = new Map<string, ZrTerritory[]>();
  private readonly hubs = new Map<string, ZrHub[]>();

  constructor(territories: ZrTerritory[], hubs: ZrHub[]) {
    const wilayaLevel = territories.filter((territory) =>
      WILAYA_LEVELS.has(String(territory.level).toLowerCase()),
    );
    for (const wilaya of WILAYAS) {
      const match = matchWilaya(wilaya, wilayaLevel);
      if (match) this.wilayas.set(wilaya.code, match);
    }
    for (const territory of territories)
      if (COMMUNE_LEVELS.has(String(territory.level).toLowerCase()) && territory.parentId)
        this.communes.set(territory.parentId, [...(this.communes.get(territory.parentId) ?? []), territory]);
    for (const hub of hubs) {
      const city = hub.address?.cityTerritoryId;
      if (hub.isPickupPoint !== false && city) this.hubs.set(city, [...(this.hubs.get(city) ?? []), hub]);
    }
  }

  /** The wilaya's territory; undefined where ZR has none (it cannot deliver there). */
  wilaya(code: number): ZrTerritory | undefined {
    return this.wilayas.get(code);
  }

  /** The commune of the wilaya named `name` (in Latin or Arabic letters). */
  commune(wilayaCode: number, name: string): ZrTerritory | undefined {
    const wilaya = this.wilaya(wilayaCode);
    if (!wilaya) return undefined;
    const wanted = placeKey(name);
    return (this.communes.get(wilaya.id) ?? []).find((commune) =>
      keysOf(commune.name, commune.nameArabic).includes(wanted),
    );
  }

  /** The pickup-point hubs of the wilaya: its stop desks. */
  hubsOf(wilayaCode: number): ZrHub[] {
    const wilaya = this.wilaya(wilayaCode);
    return wilaya ? (this.hubs.get(wilaya.id) ?? []) : [];
  }

  /**
   * The hub of the stop desk the owner chose: the hub of that name (the desks the form offers are
   * the hubs), else (a desk of ZR's published list, named after its place) the hub whose name or
   * commune sounds like it, else the wilaya's only hub.
   */
  hub(wilayaCode: number, desk: string): ZrHub | undefined {
    const hubs = this.hubsOf(wilayaCode);
    const wanted = placeKey(desk);
    const nameKey = (hub: ZrHub) => placeKey(hub.name ?? '').replace(/^hub/, '');
    return (
      hubs.find((hub) => hub.name?.trim() === desk.trim()) ??
      hubs.find((hub) => nameKey(hub) === wanted) ??
      hubs.find((hub) => keysOf(hub.address?.district).includes(wanted)) ??
      hubs.find((hub) => nameKey(hub).includes(wanted)) ??
      (hubs.length === 1 ? hubs[0] : undefined)
    );
  }

  /** Whether ZR delivers at home in the wilaya (a wilaya ZR has no territory for: no). */
  hasHomeDelivery(wilayaCode: number): boolean {
    const wilaya = this.wilaya(wilayaCode);
    return !!wilaya && wilaya.delivery?.hasHomeDelivery !== false && wilaya.delivery?.canSend !== false;
  }
}

function matchWilaya(wilaya: Wilaya, candidates: ZrTerritory[]): ZrTerritory | undefined {
  const ours = keysOf(wilaya.name, wilaya.nameAr);
  return (
    candidates.find((candidate) =>
      keysOf(candidate.name, candidate.nameArabic).some((key) => ours.includes(key)),
    ) ??
    // Names that differ more ("Tamanghasset" / "Tamanrasset"): the code, when ZR's names no other.
    candidates.find(
      (candidate) =>
        Number(candidate.code) === wilaya.code &&
        !WILAYAS.some(
          (other) =>
            other.code !== wilaya.code && keysOf(other.name).includes(placeKey(candidate.name ?? '')),
        ),
    )
  );
}
