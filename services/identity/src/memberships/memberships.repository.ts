import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** Which confirmateur works for which store, granted by the store's owner. */
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
