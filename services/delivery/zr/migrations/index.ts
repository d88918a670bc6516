import { Migration20261122000000_schema } from './Migration20261122000000_schema';

/** Every migration of the delivery_zr schema, oldest first. */
export const deliveryZrMigrations = [Migration20261122000000_schema];
