/**
 * Delivery accounts, tariffs, saisies and their outcomes (`saisie.reason.*`), and YouCan stores.
 * `{{carrier}}` is the carrier's name (ZR Express, Yalidine).
 */
export const DELIVERY_MESSAGES = {
  'delivery.account_not_found': 'Delivery account not found',
  'delivery.account_already_added': 'This ZR Express account is already added',
  'delivery.account_not_owners': "deliveryAccount is not one of this store owner's delivery accounts",
  'delivery.stop_desk_unavailable': 'Stop Desk not available for this wilaya',
  'delivery.home_unavailable': 'Domicile not available for this wilaya',
  'delivery.api_unknown': 'api {{api}} is not an API of {{company}}',
  'delivery.api_not_ready': 'The {{api}} API cannot be used yet: choose another',
  'delivery.credentials_refused':
    '{{carrier}} refused these credentials: copy them again from your {{carrier}} account',
  'delivery.account_credentials_refused':
    '{{carrier}} refused this account’s credentials: add the account again',
  'delivery.credential_characters':
    '{{field}} must be copied as the carrier shows it: Latin letters, digits and symbols only',
  'delivery.check_unreachable':
    '{{carrier}} could not be reached to check these credentials, try again shortly',
  'delivery.tariffs_loading': '{{carrier}} tariffs are being fetched, try again in a minute',
  'delivery.tariffs_unavailable': '{{carrier}} tariffs are unavailable right now, try again shortly',
  'delivery.desks_unavailable': '{{carrier}} stop desks are unavailable right now, try again shortly',
  'delivery.saisie_not_found': 'Saisie job not found',
  'delivery.state_unknown': 'Unknown state for this account: {{state}}',
  'delivery.state_status_unknown': 'Unknown status {{status}} for {{state}}: use one of {{statuses}}',
  'saisie.reason.not_sent': 'Not sent',
  'saisie.reason.already_sent': 'Already sent for delivery (status {{status}})',
  'saisie.reason.already_sent_tracking': 'Already sent for delivery (tracking {{tracking}})',
  'saisie.reason.being_sent': 'Already being sent by another saisie',
  'saisie.reason.not_confirmed': 'Not confirmed (status {{status}}): confirm the order first',
  'saisie.reason.no_delivery': 'No delivery information: set the delivery first',
  'saisie.reason.account_removed_choose_another':
    'Its delivery account was removed: choose another in the delivery form',
  'saisie.reason.no_stop_desk': 'No stop desk: choose one in the delivery form',
  'saisie.reason.no_commune': 'No commune: choose one in the delivery form',
  'saisie.reason.order_not_found': 'Order not found: it was deleted, or its store was removed',
  'saisie.reason.account_removed': 'Its delivery account was removed',
  'saisie.reason.double_tracking':
    '{{carrier}}: Double Tracking (it holds this tracking number but shows no parcel)',
  'saisie.reason.credentials_refused':
    '{{carrier}} refused the delivery account’s credentials: add the account again',
  'saisie.reason.stopped': 'Saisie stopped: {{reason}}',
  /** The carrier's own words for refusing a parcel, after its name. */
  'saisie.reason.carrier_refused': '{{carrier}}: {{reason}}',
  /** A reason in no one's words but its own (an outcome recorded before the codes): shown as it is. */
  'saisie.reason.other': '{{reason}}',
  'stores.nonce_invalid': 'nonceHash must be the hex SHA-256 of the browser nonce',
  'stores.webhook_unknown_store': 'Unknown store or wrong webhook key',
  'stores.webhook_signature_invalid': 'Invalid webhook signature',
} as const;
