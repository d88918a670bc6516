import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StoresChangedJob } from '@tawsil/contracts/queues';

// A store's owner never changes; a link after the removal fills in the owner but stays removed.
const LINKED = `
  insert into delivery_zr.store_owners as s (store_id, owner_id)
  select x."storeId", x."ownerId" from jsonb_to_recordset(?::jsonb) as x("storeId" uuid, "ownerId" uuid)
  on conflict (store_id) do update set owner_id = excluded.owner_id where s.owner_id is null`;

const REMOVED = `
  insert into delivery_zr.store_owners as s (store_id, removed_at)
  select jsonb_array_elements_text(?::jsonb)::uuid, now()
  on conflict (store_id) do update set removed_at = now() where s.removed_at is null`;

/** delivery_zr.store_owners: each store's owner, from stores/youcan's events (docs/store-access.md). */
@Injectable()
export class StoreOwnersRepository {
  constructor(private readonly em: EntityManager) {}

  async apply({ linked, removed }: StoresChangedJob): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      if (linked.length) await em.execute(LINKED, [JSON.stringify(linked)], 'run');
      if (removed.length) await em.execute(REMOVED, [JSON.stringify(removed)], 'run');
    });
  }

  /** The owners of those of the stores that exist. */
  async ownersOf(storeIds: string[]): Promise<Record<string, string>> {
    if (storeIds.length === 0) return {};
    const rows = await this.em.fork().execute<{ store_id: string; owner_id: string }[]>(
      `select store_id, owner_id from delivery_zr.store_owners
       where store_id in (select jsonb_array_elements_text(?::jsonb)::uuid)
         and removed_at is null and owner_id is not null`,
      [JSON.stringify(storeIds)],
    );
    return Object.fromEntries(rows.map((row) => [row.store_id, row.owner_id]));
  }

  async storeIdsOf(ownerId: string): Promise<string[]> {
    const rows = await this.em
      .fork()
      .execute<{ store_id: string }[]>(
        'select store_id from delivery_zr.store_owners where owner_id = ? and removed_at is null order by store_id',
        [ownerId],
      );
    return rows.map((row) => row.store_id);
  }
}
