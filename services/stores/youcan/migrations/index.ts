import { Migration20261122000000_schema } from './Migration20261122000000_schema';

/** Every migration of the stores_youcan schema, oldest first. */
export const stores_youcanMigrations = [Migration20261122000000_schema];
