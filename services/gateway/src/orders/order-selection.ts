import { BadRequestException } from '@nestjs/common';
import { coded } from '@tawsil/contracts/messages';
import { CustomersPatterns, DELETE_CONFIRM_OVER, type BulkSelectionDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError, type RpcCaller } from '@tawsil/nest-common/core';

/** The ids a bulk action names: as sent, or every order the filter matches (orders resolves it, owner only). */
export async function selectedOrderIds(
  rpc: RpcCaller,
  body: BulkSelectionDto,
  caller: Actor,
): Promise<string[]> {
  if (!body.filter) return body.orderIds;
  if (body.orderIds !== undefined) throw new BadRequestException('send either orderIds or filter, not both');
  const { orderIds } = await rpc.call(CustomersPatterns.idsMatching, body.filter, caller);
  return orderIds;
}

/**
 * A delete over more than DELETE_CONFIRM_OVER orders goes ahead only with `confirm` at least its
 * count (the count the owner's confirmation dialog showed); otherwise 409 names the count.
 */
export function requireDeleteConfirmation(orderIds: string[], confirm: number | undefined): void {
  const count = new Set(orderIds).size;
  if (count > DELETE_CONFIRM_OVER && (confirm === undefined || confirm < count))
    throw ServiceError.conflict(coded('orders.delete_confirm', { count }));
}
