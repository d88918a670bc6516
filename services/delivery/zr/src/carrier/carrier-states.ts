import { OrderStatus } from '@tawsil/contracts/orders';

export type TrackedStatus = OrderStatus.OutForDelivery | OrderStatus.Delivered | OrderStatus.Returned;

/** Lower case, no accents, single spaces: ZR's wording varies in case and spacing. */
const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The one table from ZR Express's parcel states (`Situation`, see shared/external-apis.md A1) to
 * order statuses. `null`: still with the seller or at ZR's depot, the order stays `saisie`.
 */
const STATES: Record<string, TrackedStatus | null> = {
  'en preparation': null,
  'en traitement - pret a expedie': null,
  confirme: null,
  'message envoye': null,
  dispatcher: OrderStatus.OutForDelivery,
  'au bureau': OrderStatus.OutForDelivery,
  'sortir en livraison': OrderStatus.OutForDelivery,
  'en livraison': OrderStatus.OutForDelivery,
  'appel sans reponse 1': OrderStatus.OutForDelivery,
  'appel sans reponse 2': OrderStatus.OutForDelivery,
  'appel sans reponse 3': OrderStatus.OutForDelivery,
  reporte: OrderStatus.OutForDelivery,
  reportee: OrderStatus.OutForDelivery,
  'a relance': OrderStatus.OutForDelivery,
  'attente information': OrderStatus.OutForDelivery,
  'sd - appel sans reponse 1': OrderStatus.OutForDelivery,
  'sd - appel sans reponse 2': OrderStatus.OutForDelivery,
  'sd - appel sans reponse 3': OrderStatus.OutForDelivery,
  'sd - en attente du client': OrderStatus.OutForDelivery,
  'sd - reporte': OrderStatus.OutForDelivery,
  livree: OrderStatus.Delivered,
  'livree [ encaisser ]': OrderStatus.Delivered,
  'livree [ recouvert ]': OrderStatus.Delivered,
  echange: OrderStatus.Delivered,
  'annuler par le client': OrderStatus.Returned,
  'sd - annuler par le client': OrderStatus.Returned,
  'sd - annuler 3x': OrderStatus.Returned,
  'retour livreur': OrderStatus.Returned,
  'retour de dispatche': OrderStatus.Returned,
  'retour navette': OrderStatus.Returned,
  'retour client': OrderStatus.Returned,
  'retour stock': OrderStatus.Returned,
};

/** The order status a carrier state means; `undefined` for a state the table does not know. */
export function orderStatusFor(carrierState: string): TrackedStatus | null | undefined {
  return STATES[normalize(carrierState)];
}
