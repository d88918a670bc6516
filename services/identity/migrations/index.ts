import { Migration20261122000000_users } from './Migration20261122000000_users';
import { Migration20261122100000_memberships } from './Migration20261122100000_memberships';

/** Every migration of the identity schema, oldest first. */
export const identityMigrations = [Migration20261122000000_users, Migration20261122100000_memberships];
