import { OptimisticLockError } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  normalizePhone,
  OrdersPatterns,
  OrderStatus,
  SHIPPED_STATUSES,
  type EditOrderDto,
  type OrderView,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { recognizeWilaya } from '@tawsil/geo-dz';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { describeChanges, type FieldChange } from '../change-text';
import { ORDER_NOT_FOUND } from '../order-access';
import { Order, OrderAttempt, OrderHistoryEntry } from '../order.entity';
import { OrderViews } from '../order-views';
import { OrdersRepository } from '../orders.repository';
import { claimConflict, liveClaimOf } from '../claim-conflict';

type EditInput = EditOrderDto & { orderId: string };

/**
 * An agent's full edit of an order: status, callback, the customer fields and the quantities.
 * The order is locked and its version must be the one the agent read; nobody else may hold a
 * claim on it. The change, its history, the attempt of a "pas de réponse" and the end of the
 * caller's claim are written in one transaction.
 */
@Injectable()
export class EditOrderUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersRepository,
    private readonly views: OrderViews,
  ) {}

  async execute(caller: Actor, input: EditInput): Promise<OrderView> {
    try {
      return await idempotentWrite(this.em, { pattern: OrdersPatterns.edit, request: input }, async (em) =>
        this.views.one(await this.save(em, caller, input), caller, em),
      );
    } catch (error) {
      if (error instanceof OptimisticLockError) throw await this.conflict(input.orderId);
      throw error;
    }
  }

  private async save(em: EntityManager, caller: Actor, input: EditInput): Promise<Order> {
    const order = await this.orders.lockInStores(em, input.orderId, caller.storeIds);
    if (!order) throw ServiceError.notFound(ORDER_NOT_FOUND);
    const holder = liveClaimOf(order);
    if (holder && holder.userId !== caller.userId) throw claimConflict(holder.name);
    if (order.version !== input.version) throw await this.conflict(order.id);
    if (SHIPPED_STATUSES.includes(order.status) && input.status !== order.status)
      throw ServiceError.conflict(
        `This order was sent for delivery (${order.status}): its status now follows the parcel`,
      );

    const changes = [...this.apply(order, input, caller), ...this.applyCallback(order, input)];
    const author = { userId: caller.userId, userName: caller.name };
    const at = new Date();
    if (changes.length > 0)
      em.create(OrderHistoryEntry, {
        id: randomUUID(),
        orderId: order.id,
        at,
        changes: describeChanges(changes),
        ...author,
      });
    if (input.status === OrderStatus.NoAnswer) {
      // Every "pas de réponse" save is a call that was not answered, even when the status stays.
      order.attempts += 1;
      order.lastAttemptAt = at;
      em.create(OrderAttempt, { id: randomUUID(), orderId: order.id, number: order.attempts, ...author });
      em.create(OrderHistoryEntry, {
        id: randomUUID(),
        orderId: order.id,
        // A millisecond after the status change it goes with: the history lists them in that order.
        at: new Date(at.getTime() + 1),
        changes: `Attempt ${order.attempts}: pas de réponse`,
        ...author,
      });
    }
    if (order.claimedById === caller.userId) {
      order.claimedById = null;
      order.claimedByName = null;
      order.claimedUntil = null;
    }
    // The update is `where version = <read version>`: a concurrent save makes it fail here.
    await em.flush();
    return order;
  }

  private apply(order: Order, input: EditOrderDto, caller: Actor): FieldChange[] {
    const changes: FieldChange[] = [];
    const set = <K extends keyof Order>(field: string, key: K, value: Order[K], edited?: string) => {
      if (order[key] === value) return;
      changes.push({
        field,
        from: order[key] as string | number | null,
        to: value as string | number | null,
      });
      order[key] = value;
      if (edited && !order.editedFields.includes(edited))
        order.editedFields = [...order.editedFields, edited];
    };
    set('status', 'status', input.status);
    set('customer.full_name', 'customerName', input.customer.full_name.trim(), 'customer_name');
    set('customer.phone', 'customerPhone', normalizePhone(input.customer.phone), 'customer_phone');
    set('customer.region', 'regionRaw', input.customer.region.trim(), 'region');
    set('customer.city', 'city', input.customer.city.trim(), 'city');
    if (changes.some((change) => change.field === 'status')) {
      order.statusById = caller.userId;
      order.statusByName = caller.name;
    }
    if (changes.some((change) => change.field === 'customer.region'))
      order.wilayaCode = recognizeWilaya(order.regionRaw)?.code ?? null;
    return [...changes, ...this.applyQuantities(order, input)];
  }

  /**
   * `variants[].quantity` sets each line; the older top-level `quantity`, when sent, sets the
   * first line (a client that changed it sends the variants it read, unchanged).
   */
  private applyQuantities(order: Order, input: EditOrderDto): FieldChange[] {
    const lines = order.items;
    if (input.variants && input.variants.length !== lines.length)
      throw ServiceError.badRequest(
        `variants must list the order's ${lines.length} product line${lines.length === 1 ? '' : 's'}`,
      );
    const quantities =
      input.variants?.map((variant) => variant.quantity) ?? lines.map((line) => line.quantity);
    if (input.quantity !== undefined) quantities[0] = input.quantity;
    if (lines.length === 0) {
      if (input.quantity === undefined || input.quantity === order.quantity) return [];
      const change = { field: 'quantity', from: order.quantity, to: input.quantity };
      order.quantity = input.quantity;
      this.markEdited(order, 'quantity');
      return [change];
    }
    const changes = lines.flatMap((line, i) =>
      line.quantity === quantities[i]
        ? []
        : [
            {
              field: lines.length === 1 ? 'quantity' : `quantity of "${line.productName}"`,
              from: line.quantity,
              to: quantities[i],
            },
          ],
    );
    if (changes.length === 0) return [];
    order.items = lines.map((line, i) => ({ ...line, quantity: quantities[i] }));
    order.quantity = quantities[0];
    this.markEdited(order, 'quantity');
    return changes;
  }

  /** 'reporté' carries a callback time in the future; any other status has none. */
  private applyCallback(order: Order, input: EditOrderDto): FieldChange[] {
    const before = order.callbackAt ? order.callbackAt.toISOString() : null;
    if (input.status !== OrderStatus.Postponed) {
      order.callbackAt = null;
      return [];
    }
    if (!input.callbackAt) throw ServiceError.badRequest('callbackAt is required when status is reporté');
    const callbackAt = new Date(input.callbackAt);
    if (callbackAt.toISOString() === before) return [];
    if (callbackAt.getTime() <= Date.now()) throw ServiceError.badRequest('callbackAt must be in the future');
    order.callbackAt = callbackAt;
    return [{ field: 'callbackAt', from: before, to: callbackAt.toISOString() }];
  }

  private markEdited(order: Order, field: string) {
    if (!order.editedFields.includes(field)) order.editedFields = [...order.editedFields, field];
  }

  /** 409 saying who changed the order since the caller read it. */
  private async conflict(orderId: string): Promise<ServiceError> {
    const who = (await this.orders.lastChangedBy(orderId)) ?? 'the store';
    return ServiceError.conflict(
      `This order was changed by ${who} since you opened it. Reload it to see the changes, then edit again.`,
    );
  }
}
