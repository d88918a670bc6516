import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { OrderStatus, SHIPPED_STATUSES } from '@tawsil/contracts/orders';
import type { ParcelsSentJob, ParcelStatesJob } from '@tawsil/contracts/queues';

/** Where each carrier-driven status may come from: the parcel moves forward, never back. */
const MOVES_FROM: Record<ParcelStatesJob['changes'][number]['status'], OrderStatus[]> = {
  [OrderStatus.OutForDelivery]: [OrderStatus.Saisie],
  [OrderStatus.Delivered]: [OrderStatus.Saisie, OrderStatus.OutForDelivery],
  [OrderStatus.Returned]: [OrderStatus.Saisie, OrderStatus.OutForDelivery],
};

/** Who the history names for what the carrier did. */
export const CARRIER_USER = { id: '00000000-0000-0000-0000-000000000000', name: 'ZR Express' };

/**
 * Applies what happened to parcels. Each statement moves only orders in a status the change may
 * come from, so an event delivered twice or late changes nothing the second time, and every move
 * writes its history entry in the same statement.
 */
@Injectable()
export class ParcelEventsRepository {
  constructor(private readonly em: EntityManager) {}

  async markSent(job: ParcelsSentJob): Promise<number> {
    const rows = job.parcels.map((parcel) => ({ order_id: parcel.orderId, tracking: parcel.tracking }));
    const moved = await this.em.getConnection().execute<{ id: string }[]>(
      `with sent as (
         select * from jsonb_to_recordset(?::jsonb) as s(order_id uuid, tracking text)
       ), old as (
         select o.id, o.status, sent.tracking from orders.orders o join sent on o.id = sent.order_id
         where o.status <> all(?::text[]) for update of o
       ), moved as (
         update orders.orders o
         set status = 'saisie', version = o.version + 1, updated_at = now(),
             delivery = coalesce(o.delivery, '{}'::jsonb) || jsonb_build_object('tracking', old.tracking)
         from old where o.id = old.id
         returning o.id
       ), logged as (
         insert into orders.order_history (order_id, changes, user_id, user_name)
         select old.id, 'status: ' || old.status || ' → saisie (ZR Express tracking ' || old.tracking || ')', ?, ?
         from old join moved on moved.id = old.id
       )
       select id from moved`,
      [
        JSON.stringify(rows),
        `{${SHIPPED_STATUSES.map((status) => `"${status}"`).join(',')}}`,
        job.user._id,
        job.user.name,
      ],
    );
    return moved.length;
  }

  async applyStates(job: ParcelStatesJob): Promise<number> {
    let moved = 0;
    for (const [status, from] of Object.entries(MOVES_FROM)) {
      const rows = job.changes
        .filter((change) => change.status === status)
        .map((change) => ({ order_id: change.orderId, carrier_state: change.carrierState }));
      if (rows.length === 0) continue;
      const result = await this.em.getConnection().execute<{ id: string }[]>(
        `with change as (
           select * from jsonb_to_recordset(?::jsonb) as c(order_id uuid, carrier_state text)
         ), old as (
           select o.id, o.status, change.carrier_state from orders.orders o
           join change on o.id = change.order_id
           where o.status = any(?::text[]) for update of o
         ), moved as (
           update orders.orders o set status = ?, version = o.version + 1, updated_at = now()
           from old where o.id = old.id
           returning o.id
         ), logged as (
           insert into orders.order_history (order_id, changes, user_id, user_name)
           select old.id, 'status: ' || old.status || ' → ' || ? || ' (ZR Express: ' || old.carrier_state || ')', ?, ?
           from old join moved on moved.id = old.id
         )
         select id from moved`,
        [
          JSON.stringify(rows),
          `{${from.map((value) => `"${value}"`).join(',')}}`,
          status,
          status,
          CARRIER_USER.id,
          CARRIER_USER.name,
        ],
      );
      moved += result.length;
    }
    return moved;
  }
}
