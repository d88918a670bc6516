import { Migration20261122000000_schema } from './Migration20261122000000_schema';

/** Every migration of the orders schema, oldest first. */
export const ordersMigrations = [Migration20261122000000_schema];
