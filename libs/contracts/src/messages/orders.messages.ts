/** Orders, customers, the call queue and statistics. */
export const ORDERS_MESSAGES = {
  'orders.not_found': 'Order not found',
  'orders.claimed_by': '{{name}} is on this order',
  'orders.changed_by':
    'This order was changed by {{name}} since you opened it. Reload it to see the changes, then edit again.',
  'orders.shipped_status_follows_parcel':
    'This order was sent for delivery ({{status}}): its status now follows the parcel',
  'orders.shipped_delivery_locked':
    'This order was already sent for delivery ({{status}}): its delivery can no longer change',
  // Two texts for English's singular and plural: the code names the one sent.
  'orders.variants_count_one': "variants must list the order's {{count}} product line",
  'orders.variants_count_other': "variants must list the order's {{count}} product lines",
  'orders.callback_required': 'callbackAt is required when status is reporté',
  'orders.callback_in_past': 'callbackAt must be in the future',
  'orders.note_empty': 'note cannot be empty',
  'orders.cursor_invalid': 'cursor is not one this API gave',
  'orders.wilaya_invalid': 'wilaya must be a wilaya code from 1 to 58',
  'orders.region_invalid': 'region must be a wilaya code from 1 to 58 or a wilaya name',
  'orders.desk_required': 'desk is required for a stop-desk delivery',
  'orders.desk_unknown': 'desk "{{desk}}" is not a stop desk of {{wilaya}}',
  'orders.commune_required': 'commune is required for a home delivery',
  'orders.commune_unknown': 'commune "{{commune}}" is not in {{wilaya}}',
  'orders.selection_both': 'send either orderIds or filter, not both',
  'orders.filter_matches_none': 'filter matches no orders',
  'orders.filter_invalid':
    'filter must be an object of the list filters (q, status, region, from, to, storeId); an empty object for every order',
  'orders.delete_confirm':
    'This deletes {{count}} orders: send it again with "confirm" set to that count to go ahead',
  'customers.already_blacklisted': 'This phone is already on the blacklist',
  'customers.not_duplicate': 'This order is not marked as a duplicate',
  'customers.blacklist_entry_not_found': 'Blacklist entry not found',
  'queue.confirmateurs_only': 'Only confirmateurs take calls from the assigned queue',
  'queue.takeover_owner_only': "Only the store's owner can take over an order another agent is on",
  'statistics.not_a_day': '{{field}} is not a real day: {{day}}',
  'statistics.from_after_to': 'from must be on or before to',
  'statistics.period_too_long': 'The period can cover at most {{days}} days',
} as const;
