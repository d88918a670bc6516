import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { IdentityPatterns, type ConfirmateurView } from '@tawsil/contracts/identity';
import type { Actor } from '@tawsil/contracts/rpc';
import { idempotentWrite, ServiceError } from '@tawsil/nest-common';

export function requireOwnerOf(actor: Actor, storeId?: string): Actor {
  if (actor.type !== 'owner') throw ServiceError.forbidden('Only store owners can manage confirmateurs');
  if (storeId !== undefined && !actor.storeIds.includes(storeId))
    throw ServiceError.notFound('Store not found');
  return actor;
}

/** The owner's side of memberships: which agents work for which of its stores. */
@Injectable()
export class ConfirmateursService {
  constructor(private readonly em: EntityManager) {}

  async list(actor: Actor): Promise<ConfirmateurView[]> {
    const owner = requireOwnerOf(actor);
    const rows = await this.em
      .fork()
      .execute<{ id: string; name: string; email: string; stores: string[] }[]>(
        `select u.id, u.name, u.email, array_agg(m.store_id::text order by m.created_at) as stores
       from identity.memberships m join identity.users u on u.id = m.confirmateur_id
       where m.owner_id = ? and m.store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
       group by u.id, u.name, u.email
       order by u.name, u.id`,
        [owner.userId, JSON.stringify(owner.storeIds)],
      );
    return rows.map((row) => ({ _id: row.id, name: row.name, email: row.email, stores: row.stores }));
  }

  async remove(actor: Actor, input: { confirmateurId: string; storeId: string }) {
    const owner = requireOwnerOf(actor, input.storeId);
    return idempotentWrite(
      this.em,
      { pattern: IdentityPatterns.removeConfirmateur, request: input },
      async (em) => {
        const removed = await em.execute<{ affectedRows: number }>(
          'delete from identity.memberships where confirmateur_id = ? and store_id = ? and owner_id = ?',
          [input.confirmateurId, input.storeId, owner.userId],
          'run',
        );
        if (removed.affectedRows === 0)
          throw ServiceError.notFound('This confirmateur does not work for this store');
        return { confirmateurId: input.confirmateurId, storeId: input.storeId };
      },
    );
  }
}
