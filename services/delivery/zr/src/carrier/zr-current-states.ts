import { OrderStatus } from '@tawsil/contracts/orders';
import type { TrackedStatus } from './carrier-states';

/**
 * The current ZR API's state slugs (`state.name`, the default workflow of shared/external-apis.md
 * A2) as order statuses. `null`: still with the seller or at ZR's depot, the order stays `saisie`.
 */
export const ZR_CURRENT_STATES: Record<string, TrackedStatus | null> = {
  commande_recue: null,
  en_traitement: null,
  appel_confirmation: null,
  commande_confirmee: null,
  en_preparation: null,
  pret_a_expedier: null,
  confirme_au_bureau: null,
  confirme_chez_partenaire: null,
  dispatch: OrderStatus.OutForDelivery,
  vers_wilaya: OrderStatus.OutForDelivery,
  en_livraison: OrderStatus.OutForDelivery,
  echec_livraison: OrderStatus.OutForDelivery,
  livre: OrderStatus.Delivered,
  encaisse: OrderStatus.Delivered,
  recouvert: OrderStatus.Delivered,
  annule: OrderStatus.Returned,
  en_retour: OrderStatus.Returned,
  retour_vers_wilaya: OrderStatus.Returned,
  retour_au_hub: OrderStatus.Returned,
  retour_chez_partenaire: OrderStatus.Returned,
  pret_pour_restitution: OrderStatus.Returned,
  retourne: OrderStatus.Returned,
};
