import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface ClaimRow {
  claimedById: string | null;
  claimedByName: string | null;
  claimedUntil: Date | null;
}

/** Claims are written straight to the order, without touching its version: a claim is no edit. */
@Injectable()
export class ClaimsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Claims or renews the order for the caller for the store's claim duration, unless someone
   * else holds it (or `takeover`). Answers the claim now on the order, or null when it is not in
   * the caller's stores.
   */
  async claim(
    orderId: string,
    storeIds: string[],
    caller: { userId: string; name: string },
    takeover: boolean,
  ): Promise<ClaimRow | null> {
    const [row] = await this.em.fork().execute<ClaimRow[]>(
      `with target as (
         select id from orders.orders
         where id = ?::uuid and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         for update),
       claimed as (
         update orders.orders o set claimed_by_id = ?::uuid, claimed_by_name = ?,
           claimed_until = now() + make_interval(mins => coalesce(
             (select s.claim_minutes from orders.store_settings s where s.store_id = o.store_id), 10))
         from target where o.id = target.id
           and (?::boolean or o.claimed_until is null or o.claimed_until <= now() or o.claimed_by_id = ?::uuid)
         returning o.claimed_by_id, o.claimed_by_name, o.claimed_until)
       select coalesce(c.claimed_by_id, o.claimed_by_id) as "claimedById",
              coalesce(c.claimed_by_name, o.claimed_by_name) as "claimedByName",
              coalesce(c.claimed_until, o.claimed_until) as "claimedUntil"
       from target join orders.orders o on o.id = target.id left join claimed c on true`,
      [orderId, JSON.stringify(storeIds), caller.userId, caller.name, takeover, caller.userId],
    );
    return row ? { ...row, claimedUntil: row.claimedUntil ? new Date(row.claimedUntil) : null } : null;
  }

  /** Ends the caller's claim (any claim, for the owner); answers who else holds it, if anyone. */
  async release(
    orderId: string,
    storeIds: string[],
    caller: { userId: string; isOwner: boolean },
  ): Promise<{ found: boolean; heldBy: ClaimRow | null }> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      const [order] = await tx.execute<ClaimRow[]>(
        `select claimed_by_id as "claimedById", claimed_by_name as "claimedByName", claimed_until as "claimedUntil"
         from orders.orders where id = ?::uuid and store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         for update`,
        [orderId, JSON.stringify(storeIds)],
      );
      if (!order) return { found: false, heldBy: null };
      if (!order.claimedById) return { found: true, heldBy: null };
      const live = order.claimedUntil && new Date(order.claimedUntil).getTime() > Date.now();
      if (live && order.claimedById !== caller.userId && !caller.isOwner)
        return { found: true, heldBy: order };
      await tx.execute(
        `update orders.orders set claimed_by_id = null, claimed_by_name = null, claimed_until = null where id = ?::uuid`,
        [orderId],
      );
      return { found: true, heldBy: null };
    });
  }
}
