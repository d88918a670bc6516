import { OptimisticLockError } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  normalizePhone,
  SHIPPED_STATUSES,
  type EditOrderDto,
  type OrderView,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { recognizeWilaya } from '@tawsil/geo-dz';
import { requireActor, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { describeChanges, type FieldChange } from '../change-text';
import { ORDER_NOT_FOUND } from '../order-access';
import { Order, OrderHistoryEntry } from '../order.entity';
import { OrderViews } from '../order-views';

/**
 * An agent's full edit of a row: status and the customer fields. The version the agent received
 * must still be current; the change and its history entry are written in one transaction.
 */
@Injectable()
export class EditOrderUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly views: OrderViews,
  ) {}

  async execute(actor: Actor | undefined, input: EditOrderDto & { orderId: string }): Promise<OrderView> {
    const caller = requireActor(actor);
    const em = this.em.fork();
    const order = await em.findOne(Order, { id: input.orderId, storeId: { $in: caller.storeIds } });
    if (!order) throw ServiceError.notFound(ORDER_NOT_FOUND);
    if (order.version !== input.version) throw await this.conflict(em, order);
    if (SHIPPED_STATUSES.includes(order.status) && input.status !== order.status)
      throw ServiceError.conflict(
        `This order was sent to ZR Express (${order.status}): its status now follows the parcel`,
      );

    const changes = this.apply(order, input, caller);
    if (changes.length === 0) return this.views.one(order, caller);
    em.create(OrderHistoryEntry, {
      id: randomUUID(),
      orderId: order.id,
      changes: describeChanges(changes),
      userId: caller.userId,
      userName: caller.name,
    });
    try {
      // The update is `where version = <read version>`: a concurrent save makes it fail here.
      await em.flush();
    } catch (error) {
      if (error instanceof OptimisticLockError) throw await this.conflict(this.em.fork(), order);
      throw error;
    }
    return this.views.one(order, caller);
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
    set('quantity', 'quantity', input.quantity, 'quantity');
    if (changes.some((change) => change.field === 'status')) {
      order.statusById = caller.userId;
      order.statusByName = caller.name;
    }
    if (changes.some((change) => change.field === 'customer.region'))
      order.wilayaCode = recognizeWilaya(order.regionRaw)?.code ?? null;
    if (changes.some((change) => change.field === 'quantity') && order.items.length > 0)
      order.items = [{ ...order.items[0], quantity: order.quantity }, ...order.items.slice(1)];
    return changes;
  }

  /** 409 saying who changed the order since the caller read it. */
  private async conflict(em: EntityManager, order: Order): Promise<ServiceError> {
    const latest = await em.findOne(OrderHistoryEntry, { orderId: order.id }, { orderBy: { at: 'desc' } });
    const who = latest ? latest.userName : 'the store';
    return ServiceError.conflict(
      `This order was changed by ${who} since you opened it. Reload it to see the changes, then edit again.`,
    );
  }
}
