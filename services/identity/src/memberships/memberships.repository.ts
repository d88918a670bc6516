import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface ConfirmateurRow {
  id: string;
  name: string;
  email: string;
  stores: string[];
}

/** identity.memberships: which confirmateur works for which store, granted by the store's owner. */
@Injectable()
export class MembershipsRepository {
  constructor(private readonly em: EntityManager) {}

  async storeIdsOf(confirmateurId: string): Promise<string[]> {
    const rows = await this.em
      .fork()
      .execute<{ store_id: string }[]>(
        'select store_id from identity.memberships where confirmateur_id = ? order by created_at',
        [confirmateurId],
      );
    return rows.map((row) => row.store_id);
  }

  /** The owner's confirmateurs in the given stores, each with the stores they work for. */
  confirmateursOf(ownerId: string, storeIds: string[]): Promise<ConfirmateurRow[]> {
    return this.em.fork().execute<ConfirmateurRow[]>(
      `select u.id, u.name, u.email, array_agg(m.store_id::text order by m.created_at) as stores
       from identity.memberships m join identity.users u on u.id = m.confirmateur_id
       where m.owner_id = ? and m.store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
       group by u.id, u.name, u.email
       order by u.name, u.id`,
      [ownerId, JSON.stringify(storeIds)],
    );
  }

  /** Answers whether the confirmateur worked for the owner's store. */
  async remove(
    em: EntityManager,
    membership: { confirmateurId: string; storeId: string; ownerId: string },
  ): Promise<boolean> {
    const removed = await em.execute<{ affectedRows: number }>(
      'delete from identity.memberships where confirmateur_id = ? and store_id = ? and owner_id = ?',
      [membership.confirmateurId, membership.storeId, membership.ownerId],
      'run',
    );
    return removed.affectedRows > 0;
  }

  /** Stores that still have memberships or pending invitations here. */
  async heldStoreIds(): Promise<string[]> {
    const rows = await this.em.fork().execute<{ store_id: string }[]>(
      `select store_id from identity.memberships
         union select store_id from identity.invitations where accepted_at is null and revoked_at is null`,
    );
    return rows.map((row) => row.store_id);
  }

  /** A removed store's memberships go, and its invitations with them (their links stop working). */
  async removeStore(storeId: string): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      await em.execute('delete from identity.invitations where store_id = ?', [storeId], 'run');
      const result = await em.execute<{ affectedRows: number }>(
        'delete from identity.memberships where store_id = ?',
        [storeId],
        'run',
      );
      return result.affectedRows;
    });
  }
}
