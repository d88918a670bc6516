import { Migration20261122000000_schema } from './Migration20261122000000_schema';

/** Every migration of the stores_youcan schema, oldest first. */
export const storesYoucanMigrations = [Migration20261122000000_schema];
