import { Injectable, Logger } from '@nestjs/common';
import type { TariffEntry } from '@tawsil/contracts/delivery-zr';
import { ServiceError } from '@tawsil/nest-common';
import { AccountSecrets } from '../accounts/account-secrets';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CarrierError } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import { TariffsRepository } from './tariffs.repository';

const ONE_DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Each account's tariff table, kept a day: the delivery form asks for it every time it opens. When
 * the carrier cannot be reached, a table older than a day still serves rather than none.
 */
@Injectable()
export class AccountTariffs {
  private readonly logger = new Logger(AccountTariffs.name);

  constructor(
    private readonly tariffs: TariffsRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
  ) {}

  async of(account: DeliveryAccount): Promise<TariffEntry[]> {
    const cached = await this.tariffs.cached(account.id);
    if (cached && Date.now() - new Date(cached.fetched_at).getTime() < ONE_DAY_MS) return cached.entries;
    try {
      const entries = await this.carriers.for(account).tariffs(this.secrets.open(account));
      await this.tariffs.save(account.id, entries);
      return entries;
    } catch (error) {
      if (!(error instanceof CarrierError)) throw error;
      this.logger.warn({ accountId: account.id, reason: error.message }, 'Failed to fetch tarif');
      if (cached) return cached.entries;
      const carrier = this.carriers.for(account).displayName;
      throw ServiceError.badGateway(
        error.kind === 'credentials'
          ? `${carrier} refused this account’s credentials: add the account again`
          : `${carrier} tariffs are unavailable right now, try again shortly`,
      );
    }
  }
}
