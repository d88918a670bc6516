import { BadRequestException } from '@nestjs/common';
import { CustomersPatterns, type BulkSelectionDto } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import type { RpcCaller } from '@tawsil/nest-common/core';

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
