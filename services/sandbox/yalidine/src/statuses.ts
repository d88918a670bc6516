/** The 30 `last_status` values Yalidine's parcels take, spelt as its API spells them. */
export const STATUSES = [
  'Pas encore expédié',
  'A vérifier',
  'En préparation',
  'Pas encore ramassé',
  'Prêt à expédier',
  'Ramassé',
  'Bloqué',
  'Débloqué',
  'Transfert',
  'Expédié',
  'Centre',
  'En localisation',
  'Vers Wilaya',
  'Reçu à Wilaya',
  'En attente du client',
  'Prêt pour livreur',
  'Sorti en livraison',
  'En attente',
  'En alerte',
  'Tentative échouée',
  'Livré',
  'Echèc livraison',
  'Retour vers centre',
  'Retourné au centre',
  'Retour transfert',
  'Retour groupé',
  'Retour à retirer',
  'Retour vers vendeur',
  'Retourné au vendeur',
  'Echange échoué',
] as const;
export type Status = (typeof STATUSES)[number];

export const isStatus = (value: unknown): value is Status => STATUSES.includes(value as Status);

/** Why a delivery attempt failed (histories' `reason`), as Yalidine lists them. */
export const FAILURE_REASONS = [
  'Téléphone injoignable',
  'Client ne répond pas',
  'Faux numéro',
  'Client absent (reporté)',
  'Client absent (échoué)',
  'Annulé par le client',
  'Commande double',
  "Le client n'a pas commandé",
  'Produit erroné',
  'Produit manquant',
  'Produit cassé ou défectueux',
  'Client incapable de payer',
  'Wilaya erronée',
  'Commune erronée',
  'Client no-show',
  'Adresse non livrable',
];
/** Why a parcel is held (`Bloqué`). */
export const HOLD_REASONS = [
  'Document manquant',
  'Produit interdit',
  'Produit dangereux',
  'Fausse déclaration',
];
export const REASONS = [...FAILURE_REASONS, ...HOLD_REASONS];

/** The statuses that carry a reason when the sandbox moves a parcel there without one. */
export const DEFAULT_REASON: Partial<Record<Status, string>> = {
  'Tentative échouée': 'Client ne répond pas',
  'Echèc livraison': 'Client absent (échoué)',
  Bloqué: 'Document manquant',
};

/** Editing and deleting a parcel are possible only in this status. */
export const EDITABLE_STATUS: Status = 'En préparation';

const TO_WILAYA: Status[] = [
  'En préparation',
  'Prêt à expédier',
  'Ramassé',
  'Expédié',
  'Vers Wilaya',
  'Reçu à Wilaya',
];
const BACK: Status[] = [
  'Echèc livraison',
  'Retour vers centre',
  'Retourné au centre',
  'Retour vers vendeur',
  'Retourné au vendeur',
];

/** The way a parcel goes, by delivery type and by whether it ends delivered or returned. */
export function pathOf(isStopdesk: boolean, returning: boolean): Status[] {
  if (isStopdesk) return [...TO_WILAYA, 'En attente du client', ...(returning ? BACK : ['Livré' as const])];
  const out: Status[] = ['Prêt pour livreur', 'Sorti en livraison'];
  return [
    ...TO_WILAYA,
    ...out,
    ...(returning ? ['Tentative échouée' as const, ...BACK] : ['Livré' as const]),
  ];
}

/** Statuses at or after which the parcel is in the destination wilaya rather than the sender's. */
export const AT_DESTINATION: Status[] = [
  'Reçu à Wilaya',
  'En attente du client',
  'Prêt pour livreur',
  'Sorti en livraison',
  'En attente',
  'Tentative échouée',
  'Livré',
  'Echèc livraison',
  'Retour vers centre',
  'Retourné au centre',
  'Retour à retirer',
];
