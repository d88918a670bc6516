import type { Status } from './types';

/** Every status, in the spec's order: the status filter offers them all. */
export const ORDER_STATUSES = [
  'pending',
  'pas de réponse',
  'confirmé',
  'annulée',
  'saisie',
  'test',
  'reporté',
  'livrée',
  'en cours de livraison',
  'retour',
] as const satisfies readonly Status[];

/** The statuses an owner or an agent may set by editing a row; reporté asks for a callback time. */
export const EDITABLE_STATUSES = [
  'confirmé',
  'pending',
  'pas de réponse',
  'annulée',
  'test',
  'reporté',
] as const satisfies readonly Status[];

export type EditableStatus = (typeof EDITABLE_STATUSES)[number];

// Fails to compile when the contracts gain a status this list lacks.
const _everyStatusListed: Exclude<Status, (typeof ORDER_STATUSES)[number]> extends never ? true : never =
  true;
void _everyStatusListed;

export const isEditableStatus = (status: string): status is EditableStatus =>
  (EDITABLE_STATUSES as readonly string[]).includes(status);

/** An order that became a parcel: its status and delivery follow the carrier from then on. */
export const SHIPPED_STATUSES = [
  'saisie',
  'en cours de livraison',
  'livrée',
  'retour',
] as const satisfies readonly Status[];

export const isShipped = (status: string) => (SHIPPED_STATUSES as readonly string[]).includes(status);

/** The four outcomes of a call, one tap each on a card. */
export const CALL_OUTCOMES = [
  'confirmé',
  'pas de réponse',
  'reporté',
  'annulée',
] as const satisfies readonly EditableStatus[];
