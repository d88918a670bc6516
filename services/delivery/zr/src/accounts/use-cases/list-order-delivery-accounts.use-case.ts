import { Injectable } from '@nestjs/common';
import type { DeliveryAccountView } from '@tawsil/contracts/delivery-zr';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller, ServiceError } from '@tawsil/nest-common';
import { AccountOwners } from '../account-owners';
import { toAccountView } from '../account.mapper';
import { DeliveryAccountsRepository } from '../delivery-accounts.repository';

/** The accounts an order may ship with: those of its store's owner. */
@Injectable()
export class ListOrderDeliveryAccountsUseCase {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly owners: AccountOwners,
    private readonly accounts: DeliveryAccountsRepository,
  ) {}

  async execute(caller: Actor, input: { orderId: string }): Promise<DeliveryAccountView[]> {
    // Orders answers only the orders the caller reaches: another's order is not found.
    const [order] = await this.rpc.call(
      OrdersPatterns.shippingDetails,
      { orderIds: [input.orderId] },
      caller,
    );
    if (!order) throw ServiceError.notFound('Order not found');
    const ownerId = await this.owners.ownerOfStore(order.storeId);
    if (!ownerId) return [];
    return (await this.accounts.listByOwner(ownerId)).map(toAccountView);
  }
}
