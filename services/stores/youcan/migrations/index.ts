import { Migration20261122000000_schema } from './Migration20261122000000_schema';
import { Migration20261122100000_stores } from './Migration20261122100000_stores';
import { Migration20261125100000_store_removals } from './Migration20261125100000_store_removals';

/** Every migration of the stores_youcan schema, oldest first. */
export const storesYoucanMigrations = [
  Migration20261122000000_schema,
  Migration20261122100000_stores,
  Migration20261125100000_store_removals,
];
