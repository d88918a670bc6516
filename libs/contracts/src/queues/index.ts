/**
 * BullMQ queue names. Frozen: renaming one strands the jobs already in it, so a rename needs the
 * old queue drained first.
 */
export enum QueueName {
  YoucanOrderEvents = 'youcan-order-events',
  YoucanImport = 'youcan-import',
  ZrSaisie = 'zr-saisie',
  ZrTracking = 'zr-tracking',
  OrdersParcelEvents = 'orders-parcel-events',
}
