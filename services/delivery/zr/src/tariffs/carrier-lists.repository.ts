import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

/** The tables keeping the last list read from each account's carrier: its tariffs, its stop desks. */
export type CarrierListTable = 'tariffs' | 'desks';

export interface CachedList<T> {
  entries: T[];
  fetched_at: Date;
}

/** `delivery_zr.tariffs` and `delivery_zr.desks`: one row per account, the list as JSON. */
@Injectable()
export class CarrierListsRepository {
  constructor(private readonly em: EntityManager) {}

  async cached<T>(table: CarrierListTable, accountId: string): Promise<CachedList<T> | undefined> {
    const [cached] = await this.em
      .getConnection()
      .execute<CachedList<T>[]>(`select entries, fetched_at from delivery_zr.${table} where account_id = ?`, [
        accountId,
      ]);
    return cached;
  }

  async save<T>(table: CarrierListTable, accountId: string, entries: T[]): Promise<void> {
    await this.em.getConnection().execute(
      `insert into delivery_zr.${table} (account_id, entries, fetched_at) values (?, ?::jsonb, now())
       on conflict (account_id) do update set entries = excluded.entries, fetched_at = excluded.fetched_at`,
      [accountId, JSON.stringify(entries)],
    );
  }
}
