import { Injectable } from '@nestjs/common';
import { BULK_MAX, OrdersPatterns, type ShippingOrder } from '@tawsil/contracts/orders';
import { RpcCaller } from '@tawsil/nest-common';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { DeliveryAccountsRepository } from '../accounts/delivery-accounts.repository';
import type { ParcelRequest } from '../carrier/carrier';
import type { Outcome } from './parcel-claims.repository';
import { planParcel, type ParcelPlan } from './parcel-plan';
import type { SaisieJob } from './saisie-job.entity';

export type Sendable = Extract<ParcelPlan, { request: ParcelRequest }>;

export interface SaisiePlan {
  /** Orders that cannot be sent, with the reason the owner reads. */
  refused: Outcome[];
  sendable: Sendable[];
  /** The owner's accounts now: the batches are sent with their credentials. */
  accounts: DeliveryAccount[];
}

/** Reads a saisie's orders from orders, as the owner who asked, and plans each parcel or refusal. */
@Injectable()
export class ParcelPlanner {
  constructor(
    private readonly rpc: RpcCaller,
    private readonly accounts: DeliveryAccountsRepository,
  ) {}

  async plan(saisie: SaisieJob, orderIds: string[]): Promise<SaisiePlan> {
    const orders = await this.readOrders(saisie, orderIds);
    const accounts = await this.accounts.listByOwner(saisie.ownerId);
    const accountNames = new Map(accounts.map((account) => [account.id, account.storeName]));
    const refused: Outcome[] = [];
    const sendable: Sendable[] = [];
    for (const orderId of orderIds) {
      const order = orders.get(orderId);
      const plan: ParcelPlan = order
        ? planParcel(order, accountNames)
        : { orderId, reason: 'Order not found: it was deleted, or its store was removed' };
      if ('reason' in plan) refused.push({ orderId, sent: false, reason: plan.reason });
      else sendable.push(plan);
    }
    return { refused, sendable, accounts };
  }

  private async readOrders(saisie: SaisieJob, orderIds: string[]): Promise<Map<string, ShippingOrder>> {
    const actor = {
      userId: saisie.ownerId,
      name: saisie.ownerName,
      type: 'owner' as const,
      storeIds: saisie.storeIds,
    };
    const found = new Map<string, ShippingOrder>();
    for (let start = 0; start < orderIds.length; start += BULK_MAX) {
      const page = await this.rpc.call(
        OrdersPatterns.shippingDetails,
        { orderIds: orderIds.slice(start, start + BULK_MAX) },
        actor,
      );
      for (const order of page) found.set(order._id, order);
    }
    return found;
  }
}
