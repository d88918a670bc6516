import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { StopDeskEntry } from '@tawsil/contracts/delivery-zr';

export interface CachedDesks {
  entries: StopDeskEntry[];
  fetched_at: Date;
}

/** `delivery_zr.desks`: the last stop-desk list read from the carrier, per account. */
@Injectable()
export class DesksRepository {
  constructor(private readonly em: EntityManager) {}

  async cached(accountId: string): Promise<CachedDesks | undefined> {
    const [cached] = await this.em
      .getConnection()
      .execute<CachedDesks[]>('select entries, fetched_at from delivery_zr.desks where account_id = ?', [
        accountId,
      ]);
    return cached;
  }

  async save(accountId: string, entries: StopDeskEntry[]): Promise<void> {
    await this.em.getConnection().execute(
      `insert into delivery_zr.desks (account_id, entries, fetched_at) values (?, ?::jsonb, now())
       on conflict (account_id) do update set entries = excluded.entries, fetched_at = excluded.fetched_at`,
      [accountId, JSON.stringify(entries)],
    );
  }
}
