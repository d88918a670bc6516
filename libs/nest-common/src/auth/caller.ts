import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '../errors/service-error';

/** The caller of an RPC that needs one: absent means the gateway let an unsigned call through. */
export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw ServiceError.unauthorized('Sign in first');
  return actor;
}

/** An owner-only call: a confirmateur is refused with 403 "Only store owners can <what>". */
export function requireOwner(actor: Actor | undefined, what: string): Actor {
  const caller = requireActor(actor);
  if (caller.type !== 'owner') throw ServiceError.forbidden(`Only store owners can ${what}`);
  return caller;
}
