import { Migration20261122000000_users } from './Migration20261122000000_users';
import { Migration20261122100000_memberships } from './Migration20261122100000_memberships';
import { Migration20261125000000_idempotency_keys } from './Migration20261125000000_idempotency_keys';
import { Migration20261126100000_invitations } from './Migration20261126100000_invitations';
import { Migration20261126100000_sessions } from './Migration20261126100000_sessions';
import { Migration20261127400000_user_language } from './Migration20261127400000_user_language';

/** Every migration of the identity schema, oldest first. */
export const identityMigrations = [
  Migration20261122000000_users,
  Migration20261122100000_memberships,
  Migration20261125000000_idempotency_keys,
  Migration20261126100000_invitations,
  Migration20261126100000_sessions,
  Migration20261127400000_user_language,
];
