import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { DeliveryZrPatterns } from '@tawsil/contracts/delivery-zr';
import {
  OrdersPatterns,
  SHIPPED_STATUSES,
  type DeliveryChoiceDto,
  type OrderDeliveryView,
  type SetDeliveryDto,
} from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { communesOf, normalizePlaceName, wilayaByCode } from '@tawsil/geo-dz';
import { idempotentWrite, RpcCaller, ServiceError } from '@tawsil/nest-common';
import { randomUUID } from 'node:crypto';
import { ORDER_NOT_FOUND } from '../order-access';
import { OrderHistoryEntry } from '../order.entity';
import { OrdersRepository } from '../orders.repository';

const same = (a: string, b: string) => normalizePlaceName(a) === normalizePlaceName(b);

type DeliveryPlace = Omit<OrderDeliveryView, 'deliveryAccount'>;

/**
 * The spec's delivery rules: home needs a commune of the wilaya, a stop desk a desk. Which desks
 * there are depends on the account's carrier: delivery/zr checks the desk (SetDeliveryUseCase).
 */
export function checkDeliveryPlace(choice: DeliveryChoiceDto): DeliveryPlace {
  const code = Number(choice.wilaya);
  const wilaya = wilayaByCode(code);
  if (!wilaya) throw ServiceError.badRequest('wilaya must be a wilaya code from 1 to 58');
  const base = { wilaya: String(code) };
  if (choice.isStopDesk) {
    const desk = choice.desk?.trim();
    if (!desk) throw ServiceError.badRequest('desk is required for a stop-desk delivery');
    return { ...base, isStopDesk: true, desk };
  }
  const commune = choice.commune?.trim();
  if (!commune) throw ServiceError.badRequest('commune is required for a home delivery');
  const known = communesOf(code).find((candidate) => same(candidate.name, commune));
  if (!known) throw ServiceError.badRequest(`commune "${commune}" is not in ${wilaya.name}`);
  return { ...base, isStopDesk: false, commune: known.name };
}

const describe = (delivery: OrderDeliveryView) =>
  delivery.isStopDesk
    ? `stop desk "${delivery.desk}", wilaya ${delivery.wilaya}`
    : `home, "${delivery.commune}", wilaya ${delivery.wilaya}`;

/**
 * The order's delivery choice. It does not bump the order's version: it touches no field of the
 * row edit, so an agent editing the row meanwhile is not refused for it. delivery/zr checks the
 * account is the store owner's, that its tariffs offer the delivery type in that wilaya and that a
 * stop desk is one of the account's desks, and names it as the carrier does: that name is saved.
 */
@Injectable()
export class SetDeliveryUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly orders: OrdersRepository,
    private readonly rpc: RpcCaller,
  ) {}

  async execute(caller: Actor, input: SetDeliveryDto & { orderId: string }): Promise<OrderDeliveryView> {
    const place = checkDeliveryPlace(input.delivery);
    const storeId = await this.orders.storeOf(input.orderId, caller.storeIds);
    if (!storeId) throw ServiceError.notFound(ORDER_NOT_FOUND);
    const checked = await this.rpc.call(
      DeliveryZrPatterns.checkDeliveryChoice,
      {
        storeId,
        accountId: input.delivery.deliveryAccount,
        wilaya: Number(place.wilaya),
        isStopDesk: place.isStopDesk,
        ...(place.isStopDesk ? { desk: place.desk } : {}),
      },
      caller,
    );
    const delivery: OrderDeliveryView = {
      deliveryAccount: checked.deliveryAccount,
      ...place,
      ...(place.isStopDesk && checked.desk ? { desk: checked.desk } : {}),
    };
    return idempotentWrite(this.em, { pattern: OrdersPatterns.setDelivery, request: input }, async (em) => {
      const order = await this.orders.lockInStores(em, input.orderId, caller.storeIds);
      if (!order) throw ServiceError.notFound(ORDER_NOT_FOUND);
      if (SHIPPED_STATUSES.includes(order.status))
        throw ServiceError.conflict(
          `This order was already sent for delivery (${order.status}): its delivery can no longer change`,
        );
      await this.orders.setDelivery(em, order.id, delivery);
      em.create(OrderHistoryEntry, {
        id: randomUUID(),
        orderId: order.id,
        changes: `delivery: ${order.delivery ? describe(order.delivery) : '(none)'} → ${describe(delivery)}`,
        userId: caller.userId,
        userName: caller.name,
      });
      return delivery;
    });
  }
}
