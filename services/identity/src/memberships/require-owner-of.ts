import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';

/** Only an owner manages confirmateurs, and only for a store of its own (404 for any other). */
export function requireOwnerOf(actor: Actor, storeId?: string): Actor {
  if (actor.type !== 'owner') throw ServiceError.forbidden('Only store owners can manage confirmateurs');
  if (storeId !== undefined && !actor.storeIds.includes(storeId))
    throw ServiceError.notFound('Store not found');
  return actor;
}
