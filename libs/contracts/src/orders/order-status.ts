/** Order statuses, spelled exactly as the product shows them. */
export enum OrderStatus {
  Pending = 'pending',
  NoAnswer = 'pas de réponse',
  Confirmed = 'confirmé',
  Cancelled = 'annulée',
  Saisie = 'saisie',
  Test = 'test',
  Postponed = 'reporté',
  Delivered = 'livrée',
  OutForDelivery = 'en cours de livraison',
  Returned = 'retour',
}

export const ORDER_STATUSES = Object.values(OrderStatus);

/** The statuses an owner or an agent may set by editing a row. */
export const EDITABLE_STATUSES = [
  OrderStatus.Confirmed,
  OrderStatus.Pending,
  OrderStatus.NoAnswer,
  OrderStatus.Cancelled,
  OrderStatus.Test,
  OrderStatus.Postponed,
] as const;

/** The statuses of an order that became a parcel: from there only the carrier moves it. */
export const SHIPPED_STATUSES: readonly OrderStatus[] = [
  OrderStatus.Saisie,
  OrderStatus.OutForDelivery,
  OrderStatus.Delivered,
  OrderStatus.Returned,
];
