/** The states a parcel moves through, as ZR's `Situation` spells them. */
export const DELIVERY_PATH = [
  'En Préparation',
  'En Traitement - Prêt à Expédie',
  'Dispatcher',
  'En livraison',
  'Livrée',
];
export const RETURN_PATH = [
  'En Préparation',
  'En Traitement - Prêt à Expédie',
  'Dispatcher',
  'En livraison',
  'Appel sans Réponse 1',
  'Retour Livreur',
  'Retour Client',
];

export interface Parcel {
  Tracking: string;
  TypeLivraison: string;
  TypeColis: string;
  Confrimee: string;
  Client: string;
  MobileA: string;
  MobileB: string;
  Adresse: string;
  IDWilaya: string;
  Commune: string;
  Total: string;
  Note: string;
  TProduit: string;
  id_Externe: string;
  Source: string;
  Situation: string;
  IDSituation: number;
  DateH_Action: string;
  Date_Creation: string;
  /** Sandbox only: which way this parcel is going. */
  returning: boolean;
  account: string;
}

const REQUIRED = [
  'TypeLivraison',
  'TypeColis',
  'Client',
  'MobileA',
  'IDWilaya',
  'Commune',
  'Total',
  'TProduit',
] as const;

/** ZR's per-parcel refusal text, or undefined when the parcel can be created. */
export function parcelProblem(input: Record<string, unknown>): string | undefined {
  for (const field of REQUIRED) {
    const value = input[field];
    if (value === undefined || value === null || String(value).trim() === '')
      return `Champ ${field} obligatoire`;
  }
  const wilaya = Number(input.IDWilaya);
  if (!Number.isInteger(wilaya) || wilaya < 1 || wilaya > 58) return 'IDWilaya invalide';
  if (!['0', '1'].includes(String(input.TypeLivraison))) return 'TypeLivraison invalide';
  if (!/^0[5-7]\d{8}$/.test(String(input.MobileA))) return 'MobileA invalide';
  if (!Number.isFinite(Number(input.Total)) || Number(input.Total) < 0) return 'Total invalide';
  return undefined;
}

/** One state on: toward delivery, or toward return for the parcels that go back. */
export function advance(parcel: Parcel): boolean {
  const path = parcel.returning ? RETURN_PATH : DELIVERY_PATH;
  const index = path.indexOf(parcel.Situation);
  if (index < 0 || index === path.length - 1) return false;
  parcel.Situation = path[index + 1];
  parcel.IDSituation = index + 2;
  parcel.DateH_Action = new Date().toISOString();
  return true;
}
