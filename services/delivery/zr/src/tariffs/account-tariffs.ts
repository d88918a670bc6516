import { Injectable, Logger } from '@nestjs/common';
import type { TariffEntry } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { setTimeout as sleep } from 'node:timers/promises';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CarrierError } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import { CarrierListFetches, isFresh } from './carrier-list-fetches';
import { CarrierListsRepository } from './carrier-lists.repository';

/**
 * How long a caller waits for a table being fetched. Yalidine's takes one call per wilaya within
 * its quota (a minute or more): the caller hears it is on its way, the fetch goes on and is kept.
 */
const WAIT_FOR_FETCH_MS = 4_000;

/**
 * Each account's tariff table, kept a day: the delivery form asks for it every time it opens. When
 * the carrier cannot be reached, a table older than a day still serves rather than none. One fetch
 * per account at a time: callers meanwhile wait for that one.
 */
@Injectable()
export class AccountTariffs {
  private readonly logger = new Logger(AccountTariffs.name);
  private readonly fetches = new CarrierListFetches<TariffEntry>();

  constructor(
    private readonly lists: CarrierListsRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
  ) {}

  async of(account: DeliveryAccount): Promise<TariffEntry[]> {
    const cached = await this.lists.cached<TariffEntry>('tariffs', account.id);
    if (cached && isFresh(cached)) return cached.entries;
    const carrier = this.carriers.for(account).displayName;
    try {
      const entries = await Promise.race([
        this.fetch(account),
        sleep(WAIT_FOR_FETCH_MS).then(() => undefined),
      ]);
      if (entries) return entries;
      if (cached) return cached.entries;
      throw ServiceError.unavailable(`${carrier} tariffs are being fetched, try again in a minute`);
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      if (cached) return cached.entries;
      throw ServiceError.badGateway(
        error.kind === 'credentials'
          ? `${carrier} refused this account’s credentials: add the account again`
          : `${carrier} tariffs are unavailable right now, try again shortly`,
      );
    }
  }

  private fetch(account: DeliveryAccount): Promise<TariffEntry[]> {
    const fetching = this.fetches.run(account.id, async () => {
      const entries = await this.carriers.for(account).tariffs(this.secrets.open(account));
      await this.lists.save('tariffs', account.id, entries);
      return entries;
    });
    // A caller that stopped waiting leaves the fetch running: its failure is logged, not lost.
    fetching.catch((error: Error) =>
      this.logger.warn({ accountId: account.id, reason: error.message }, 'Tariffs not fetched'),
    );
    return fetching;
  }
}
