import { Migration20261122000000_schema } from './Migration20261122000000_schema';
import { Migration20261123000000_delivery } from './Migration20261123000000_delivery';
import { Migration20261125000000_idempotency_keys } from './Migration20261125000000_idempotency_keys';
import { Migration20261125100000_parcel_announcements } from './Migration20261125100000_parcel_announcements';
import { Migration20261127100000_account_api } from './Migration20261127100000_account_api';
import { Migration20261127200000_account_from_wilaya } from './Migration20261127200000_account_from_wilaya';
import { Migration20261127310000_store_owners } from './Migration20261127310000_store_owners';
import { Migration20261127410000_saisie_reason_codes } from './Migration20261127410000_saisie_reason_codes';
import { Migration20261127500000_zr_webhooks } from './Migration20261127500000_zr_webhooks';
import { Migration20261127600000_account_states } from './Migration20261127600000_account_states';
import { Migration20261127610000_account_desks } from './Migration20261127610000_account_desks';

/** Every migration of the delivery_zr schema, oldest first. */
export const deliveryZrMigrations = [
  Migration20261122000000_schema,
  Migration20261123000000_delivery,
  Migration20261125000000_idempotency_keys,
  Migration20261125100000_parcel_announcements,
  Migration20261127100000_account_api,
  Migration20261127200000_account_from_wilaya,
  Migration20261127310000_store_owners,
  Migration20261127410000_saisie_reason_codes,
  Migration20261127500000_zr_webhooks,
  Migration20261127600000_account_states,
  Migration20261127610000_account_desks,
];
