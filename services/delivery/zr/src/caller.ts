import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';

export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw ServiceError.unauthorized('Sign in first');
  return actor;
}

/** Delivery accounts and saisie are the owner's business; a confirmateur is refused. */
export function requireOwner(actor: Actor | undefined, what: string): Actor {
  const caller = requireActor(actor);
  if (caller.type !== 'owner') throw ServiceError.forbidden(`Only store owners can ${what}`);
  return caller;
}
