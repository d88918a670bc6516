import { OrderStatus } from '@tawsil/contracts/orders';
import type { TrackedStatus } from '../carrier-states';

/** Lower case, no accents, single spaces: the table does not depend on how a status is spelt. */
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Yalidine's 30 `last_status` values (shared/external-apis.md D) and the order status each means.
 * `null`: still with the seller or waiting for pickup, the order stays `saisie`. Once Yalidine has
 * picked the parcel up it is on its way (`en cours de livraison`) until delivered or sent back.
 */
export const YALIDINE_STATUSES: Record<string, TrackedStatus | null> = {
  'Pas encore expédié': null,
  'A vérifier': null,
  'En préparation': null,
  'Pas encore ramassé': null,
  'Prêt à expédier': null,
  Ramassé: OrderStatus.OutForDelivery,
  Bloqué: OrderStatus.OutForDelivery,
  Débloqué: OrderStatus.OutForDelivery,
  Transfert: OrderStatus.OutForDelivery,
  Expédié: OrderStatus.OutForDelivery,
  Centre: OrderStatus.OutForDelivery,
  'En localisation': OrderStatus.OutForDelivery,
  'Vers Wilaya': OrderStatus.OutForDelivery,
  'Reçu à Wilaya': OrderStatus.OutForDelivery,
  'En attente du client': OrderStatus.OutForDelivery,
  'Prêt pour livreur': OrderStatus.OutForDelivery,
  'Sorti en livraison': OrderStatus.OutForDelivery,
  'En attente': OrderStatus.OutForDelivery,
  'En alerte': OrderStatus.OutForDelivery,
  'Tentative échouée': OrderStatus.OutForDelivery,
  Livré: OrderStatus.Delivered,
  'Echèc livraison': OrderStatus.Returned,
  'Retour vers centre': OrderStatus.Returned,
  'Retourné au centre': OrderStatus.Returned,
  'Retour transfert': OrderStatus.Returned,
  'Retour groupé': OrderStatus.Returned,
  'Retour à retirer': OrderStatus.Returned,
  'Retour vers vendeur': OrderStatus.Returned,
  'Retourné au vendeur': OrderStatus.Returned,
  'Echange échoué': OrderStatus.Returned,
};

const BY_NORMALIZED = new Map(
  Object.entries(YALIDINE_STATUSES).map(([status, order]) => [normalize(status), order]),
);

/** The order status a Yalidine status means; `undefined` for a status the table does not know. */
export function orderStatusForYalidine(status: string): TrackedStatus | null | undefined {
  return BY_NORMALIZED.get(normalize(status));
}
