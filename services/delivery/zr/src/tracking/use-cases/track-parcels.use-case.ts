import { Injectable, Logger } from '@nestjs/common';
import { AccountSecrets } from '../../accounts/account-secrets';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import type { DeliveryAccount } from '../../accounts/delivery-account.entity';
import { CarrierError, type CarrierCredentials } from '../../carrier/carrier';
import { Carriers } from '../../carrier/carriers';
import { StateTables } from '../../states/state-tables';
import { ParcelMoves } from '../parcel-moves';
import { ParcelsInTransitRepository, type InTransit } from '../parcels-in-transit.repository';

/** Parcels read per tick: the oldest readings first, so every parcel gets its turn. */
const PARCELS_PER_TICK = 5_000;

/**
 * One tracking tick: reads the state of the parcels in transit, per account, and tells orders when
 * one moves to `en cours de livraison`, `livrée` or `retour`. Delivered and returned parcels are
 * not read again, and a parcel is read only once orders has applied its saisie (announced_at).
 */
@Injectable()
export class TrackParcelsUseCase {
  private readonly logger = new Logger(TrackParcelsUseCase.name);

  constructor(
    private readonly parcels: ParcelsInTransitRepository,
    private readonly accounts: DeliveryAccountsRepository,
    private readonly secrets: AccountSecrets,
    private readonly carriers: Carriers,
    private readonly moves: ParcelMoves,
    private readonly tables: StateTables,
  ) {}

  async execute(): Promise<{ read: number; moved: number }> {
    const parcels = await this.parcels.oldestReadFirst(PARCELS_PER_TICK);
    const byAccount = new Map<string, InTransit[]>();
    for (const parcel of parcels)
      byAccount.set(parcel.account_id, [...(byAccount.get(parcel.account_id) ?? []), parcel]);
    const accounts = await this.accounts.findByIds([...byAccount.keys()]);

    let read = 0;
    let moved = 0;
    for (const account of accounts) {
      const credentials = this.secrets.open(account);
      const carrier = this.carriers.for(account);
      const accountParcels = byAccount.get(account.id) ?? [];
      await this.loadStateTable(account, credentials);
      for (let start = 0; start < accountParcels.length; start += carrier.readLimit) {
        const chunk = accountParcels.slice(start, start + carrier.readLimit);
        try {
          const states = await carrier.readParcels(
            credentials,
            chunk.map((parcel) => parcel.tracking),
          );
          read += states.length;
          moved += await this.moves.apply(account, chunk, states);
        } catch (error) {
          if (!(error instanceof CarrierError)) throw error;
          this.logger.warn({ accountId: account.id, reason: error.message }, 'Could not read parcel states');
          break; // this account waits for the next tick
        }
      }
    }
    return { read, moved };
  }

  /** An account's table never loaded, or still owed by its carrier; until then its defaults map. */
  private async loadStateTable(account: DeliveryAccount, credentials: CarrierCredentials): Promise<void> {
    try {
      if (await this.tables.loadIfNeeded(account, credentials)) {
        const [reloaded] = await this.accounts.findByIds([account.id]);
        if (reloaded) account.statesVersion = reloaded.statesVersion;
      }
    } catch (error) {
      this.logger.warn(
        { accountId: account.id, reason: (error as Error).message },
        'Could not load the state table',
      );
    }
  }
}
