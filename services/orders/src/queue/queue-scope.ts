import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';

/** The stores a queue call covers: the one asked for, which must be the caller's, or all of them. */
export function queueStores(caller: Actor, storeId?: string): string[] {
  if (storeId === undefined) return caller.storeIds;
  if (!caller.storeIds.includes(storeId)) throw ServiceError.notFound('Store not found');
  return [storeId];
}
