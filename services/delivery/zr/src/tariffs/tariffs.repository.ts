import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { TariffEntry } from '@tawsil/contracts/delivery-zr';

export interface CachedTariffs {
  entries: TariffEntry[];
  fetched_at: Date;
}

/** `delivery_zr.tariffs`: the last tariff table read from the carrier, per account. */
@Injectable()
export class TariffsRepository {
  constructor(private readonly em: EntityManager) {}

  async cached(accountId: string): Promise<CachedTariffs | undefined> {
    const [cached] = await this.em
      .getConnection()
      .execute<CachedTariffs[]>('select entries, fetched_at from delivery_zr.tariffs where account_id = ?', [
        accountId,
      ]);
    return cached;
  }

  async save(accountId: string, entries: TariffEntry[]): Promise<void> {
    await this.em.getConnection().execute(
      `insert into delivery_zr.tariffs (account_id, entries, fetched_at) values (?, ?::jsonb, now())
       on conflict (account_id) do update set entries = excluded.entries, fetched_at = excluded.fetched_at`,
      [accountId, JSON.stringify(entries)],
    );
  }
}
