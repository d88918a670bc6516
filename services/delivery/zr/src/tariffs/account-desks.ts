import { Injectable } from '@nestjs/common';
import type { StopDeskEntry } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CarrierError } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import { DesksRepository } from './desks.repository';

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each account's stop desks as its carrier lists them, kept a day like its tariffs: the form asks
 * every time it opens and orders checks every stop-desk choice against them. When the carrier
 * cannot be reached, a list older than a day still serves rather than none. One fetch per account
 * at a time: callers meanwhile wait for that one.
 */
@Injectable()
export class AccountDesks {
  private readonly fetching = new Map<string, Promise<StopDeskEntry[]>>();

  constructor(
    private readonly desks: DesksRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
  ) {}

  async of(account: DeliveryAccount): Promise<StopDeskEntry[]> {
    const cached = await this.desks.cached(account.id);
    if (cached && Date.now() - new Date(cached.fetched_at).getTime() < ONE_DAY_MS) return cached.entries;
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
    let fetching = this.fetching.get(account.id);
    if (!fetching) {
      fetching = (async () => {
        const entries = onePerName(await this.carriers.for(account).desks(this.secrets.open(account)));
        await this.desks.save(account.id, entries);
        return entries;
      })().finally(() => this.fetching.delete(account.id));
      this.fetching.set(account.id, fetching);
    }
    return fetching;
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
