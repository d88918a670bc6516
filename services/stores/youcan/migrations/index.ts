import { Migration20261122000000_schema } from './Migration20261122000000_schema';
import { Migration20261122100000_stores } from './Migration20261122100000_stores';

/** Every migration of the stores_youcan schema, oldest first. */
export const storesYoucanMigrations = [Migration20261122000000_schema, Migration20261122100000_stores];
