import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';

/** Stores are the owner's business: a confirmateur, or a call without a caller, is refused. */
export function requireOwner(actor: Actor | undefined): Actor {
  if (!actor) throw ServiceError.unauthorized('Sign in first');
  if (actor.type !== 'owner') throw ServiceError.forbidden('Only store owners can manage stores');
  return actor;
}
