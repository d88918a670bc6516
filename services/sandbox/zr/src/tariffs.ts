import { stopDesksOf, WILAYAS } from '@tawsil/geo-dz';

export interface TariffRow {
  IDWilaya: number;
  Wilaya: string;
  Domicile: string;
  Stopdesk: string;
  Annuler: string;
}

/** Far-south wilayas where the sandbox, like the carrier, offers no home delivery. */
const NO_HOME_DELIVERY = new Set([50, 54, 56]);

/**
 * ZR's tariff table as `/tarification` answers it: prices in DZD as text, "0" where the service
 * is not offered (no stop desk in the wilaya, or no home delivery).
 */
export function tariffs(): TariffRow[] {
  return WILAYAS.map((wilaya) => {
    const distance = Math.abs(wilaya.code - 16);
    const home = 400 + Math.min(distance, 40) * 20;
    return {
      IDWilaya: wilaya.code,
      Wilaya: wilaya.name,
      Domicile: NO_HOME_DELIVERY.has(wilaya.code) ? '0' : String(home),
      Stopdesk: stopDesksOf(wilaya.code).length === 0 ? '0' : String(home - 150),
      Annuler: '200',
    };
  });
}
