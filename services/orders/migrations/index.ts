import { Migration20261122000000_schema } from './Migration20261122000000_schema';
import { Migration20261122100000_orders } from './Migration20261122100000_orders';
import { Migration20261122200000_workspace } from './Migration20261122200000_workspace';
import { Migration20261124000000_statistics } from './Migration20261124000000_statistics';
import { Migration20261125000000_idempotency_keys } from './Migration20261125000000_idempotency_keys';
import { Migration20261126000000_queue } from './Migration20261126000000_queue';
import { Migration20261126100000_customers } from './Migration20261126100000_customers';
import { Migration20261126200000_order_events } from './Migration20261126200000_order_events';
import { Migration20261127300000_store_access } from './Migration20261127300000_store_access';

/** Every migration of the orders schema, oldest first. */
export const ordersMigrations = [
  Migration20261122000000_schema,
  Migration20261122100000_orders,
  Migration20261122200000_workspace,
  Migration20261124000000_statistics,
  Migration20261125000000_idempotency_keys,
  Migration20261126000000_queue,
  Migration20261126100000_customers,
  Migration20261126200000_order_events,
  Migration20261127300000_store_access,
];
