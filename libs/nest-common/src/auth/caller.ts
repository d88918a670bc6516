import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '../errors/service-error';

/** An owner-only call: a confirmateur is refused with 403 "Only store owners can <what>". */
export function requireOwner(actor: Actor, what: string): Actor {
  if (actor.type !== 'owner') throw ServiceError.forbidden(`Only store owners can ${what}`);
  return actor;
}
