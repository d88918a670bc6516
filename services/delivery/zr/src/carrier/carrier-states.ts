import { OrderStatus } from '@tawsil/contracts/orders';

export type TrackedStatus = OrderStatus.OutForDelivery | OrderStatus.Delivered | OrderStatus.Returned;

/** Lower case, no accents, single spaces: carriers' wording varies in case and spacing. */
export const normalizeState = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The default table from ZR Express's procolis parcel states (`Situation`, see shared/external-apis.md A1) to
 * order statuses. `null`: still with the seller or at ZR's depot, the order stays `saisie`.
 */
export const PROCOLIS_STATES: Record<string, TrackedStatus | null> = {
  'En Préparation': null,
  'En Traitement - Prêt à Expédie': null,
  Confirmé: null,
  'Message Envoyé': null,
  Dispatcher: OrderStatus.OutForDelivery,
  'Au Bureau': OrderStatus.OutForDelivery,
  'Sortir en livraison': OrderStatus.OutForDelivery,
  'En livraison': OrderStatus.OutForDelivery,
  'Appel sans Réponse 1': OrderStatus.OutForDelivery,
  'Appel sans Réponse 2': OrderStatus.OutForDelivery,
  'Appel sans Réponse 3': OrderStatus.OutForDelivery,
  Reporté: OrderStatus.OutForDelivery,
  Reportée: OrderStatus.OutForDelivery,
  'A Relancé': OrderStatus.OutForDelivery,
  'Attente Information': OrderStatus.OutForDelivery,
  'SD - Appel sans Réponse 1': OrderStatus.OutForDelivery,
  'SD - Appel sans Réponse 2': OrderStatus.OutForDelivery,
  'SD - Appel sans Réponse 3': OrderStatus.OutForDelivery,
  'SD - En Attente du Client': OrderStatus.OutForDelivery,
  'SD - Reporté': OrderStatus.OutForDelivery,
  Livrée: OrderStatus.Delivered,
  'Livrée [ Encaisser ]': OrderStatus.Delivered,
  'Livrée [ Recouvert ]': OrderStatus.Delivered,
  Echange: OrderStatus.Delivered,
  'Annuler par le Client': OrderStatus.Returned,
  'SD - Annuler par le Client': OrderStatus.Returned,
  'SD - Annuler 3x': OrderStatus.Returned,
  'Retour Livreur': OrderStatus.Returned,
  'Retour de Dispatche': OrderStatus.Returned,
  'Retour Navette': OrderStatus.Returned,
  'Retour Client': OrderStatus.Returned,
  'Retour Stock': OrderStatus.Returned,
};

const STATES = new Map(
  Object.entries(PROCOLIS_STATES).map(([state, status]) => [normalizeState(state), status]),
);

/** The order status a carrier state means; `undefined` for a state the table does not know. */
export function orderStatusFor(carrierState: string): TrackedStatus | null | undefined {
  return STATES.get(normalizeState(carrierState));
}
