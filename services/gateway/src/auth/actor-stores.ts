import { Injectable } from '@nestjs/common';
import { OrdersPatterns } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { RpcCaller } from '@tawsil/nest-common/core';

/**
 * The stores an actor reaches, for the calls to identity and delivery/zr that check them: an
 * owner's own stores, a confirmateur's memberships, from orders' record of them
 * (docs/store-access.md), never from the token. Orders fills them in itself on its own requests.
 */
@Injectable()
export class ActorStores {
  constructor(private readonly rpc: RpcCaller) {}

  async withStores(actor: Actor): Promise<Actor> {
    return { ...actor, storeIds: await this.rpc.call(OrdersPatterns.accessStoreIds, {}, actor) };
  }
}
