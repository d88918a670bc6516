import geography from '../data/algeria-58.json';
import stopDesks from '../data/zr-stop-desks.json';

export interface Commune {
  name: string;
  nameAr: string;
  daira: string;
}

export interface Wilaya {
  /** 1 to 58, as carriers number them. */
  code: number;
  name: string;
  nameAr: string;
  communes: Commune[];
}

export interface StopDesk {
  wilaya: number;
  name: string;
  address: string;
  phone: string;
}

// The source data has a few Arabic names with a leading space (Chlef, Béjaïa, one commune).
export const WILAYAS: readonly Wilaya[] = geography.wilayas.map((wilaya) => ({
  code: wilaya.code,
  name: wilaya.name,
  nameAr: wilaya.name_ar.trim(),
  communes: wilaya.communes.map((commune) => ({
    name: commune.name,
    nameAr: commune.name_ar.trim(),
    daira: commune.daira,
  })),
}));

const BY_CODE = new Map(WILAYAS.map((wilaya) => [wilaya.code, wilaya]));

export function wilayaByCode(code: number): Wilaya | undefined {
  return BY_CODE.get(code);
}

export function communesOf(code: number): Commune[] {
  return BY_CODE.get(code)?.communes ?? [];
}

const DESKS: readonly StopDesk[] = stopDesks.desks.map(({ wilaya, name, address, phone }) => ({
  wilaya,
  name,
  address,
  phone,
}));

/** ZR Express's stop desks in a wilaya; empty where it has none. */
export function stopDesksOf(code: number): StopDesk[] {
  return DESKS.filter((desk) => desk.wilaya === code);
}
