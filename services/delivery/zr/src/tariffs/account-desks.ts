import { Injectable } from '@nestjs/common';
import type { StopDeskEntry } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CarrierError } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import { CarrierListFetches, isFresh } from './carrier-list-fetches';
import { CarrierListsRepository } from './carrier-lists.repository';

/**
 * Each account's stop desks as its carrier lists them, kept a day like its tariffs: the form asks
 * every time it opens and orders checks every stop-desk choice against them. When the carrier
 * cannot be reached, a list older than a day still serves rather than none. One fetch per account
 * at a time: callers meanwhile wait for that one.
 */
@Injectable()
export class AccountDesks {
  private readonly fetches = new CarrierListFetches<StopDeskEntry>();

  constructor(
    private readonly lists: CarrierListsRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
  ) {}

  async of(account: DeliveryAccount): Promise<StopDeskEntry[]> {
    const cached = await this.lists.cached<StopDeskEntry>('desks', account.id);
    if (cached && isFresh(cached)) return cached.entries;
    try {
      return await this.fetch(account);
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      if (cached) return cached.entries;
      const carrier = this.carriers.for(account).displayName;
      throw ServiceError.badGateway(
        error.kind === 'credentials'
          ? `${carrier} refused this account’s credentials: add the account again`
          : `${carrier} stop desks are unavailable right now, try again shortly`,
      );
    }
  }

  private fetch(account: DeliveryAccount): Promise<StopDeskEntry[]> {
    return this.fetches.run(account.id, async () => {
      const entries = onePerName(await this.carriers.for(account).desks(this.secrets.open(account)));
      await this.lists.save('desks', account.id, entries);
      return entries;
    });
  }
}

/** A desk is chosen by its name: two of one name in a wilaya would be one choice, so one is kept. */
function onePerName(desks: StopDeskEntry[]): StopDeskEntry[] {
  const seen = new Set<string>();
  return desks.filter((desk) => {
    const key = `${desk.IDWilaya} ${desk.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
