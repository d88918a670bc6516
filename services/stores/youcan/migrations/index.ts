import { Migration20261122000000_schema } from './Migration20261122000000_schema';
import { Migration20261122100000_stores } from './Migration20261122100000_stores';
import { Migration20261125000000_idempotency_keys } from './Migration20261125000000_idempotency_keys';
import { Migration20261125000100_refused_orders } from './Migration20261125000100_refused_orders';
import { Migration20261125100000_store_removals } from './Migration20261125100000_store_removals';
import { Migration20261126000000_webhook_deliveries } from './Migration20261126000000_webhook_deliveries';
import { Migration20261126100000_link_attempts } from './Migration20261126100000_link_attempts';

/** Every migration of the stores_youcan schema, oldest first. */
export const storesYoucanMigrations = [
  Migration20261122000000_schema,
  Migration20261122100000_stores,
  Migration20261125000000_idempotency_keys,
  Migration20261125000100_refused_orders,
  Migration20261125100000_store_removals,
  Migration20261126000000_webhook_deliveries,
  Migration20261126100000_link_attempts,
];
