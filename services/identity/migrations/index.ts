import { Migration20261122000000_users } from './Migration20261122000000_users';

/** Every migration of the identity schema, oldest first. */
export const identityMigrations = [Migration20261122000000_users];
