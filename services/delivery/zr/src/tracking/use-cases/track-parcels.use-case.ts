import { Injectable, Logger } from '@nestjs/common';
import {
  ORDERS_PARCEL_EVENTS_JOBS,
  type OrdersParcelEventsJobs,
  type ParcelStatesJob,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import { AccountSecrets } from '../../accounts/account-secrets';
import { DeliveryAccountsRepository } from '../../accounts/delivery-accounts.repository';
import { CarrierError, type Carrier } from '../../carrier/carrier';
import { Carriers } from '../../carrier/carriers';
import { ParcelsInTransitRepository, type InTransit, type Reading } from '../parcels-in-transit.repository';

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
    @InjectJobQueue(ORDERS_PARCEL_EVENTS_JOBS)
    private readonly ordersEvents: JobQueue<OrdersParcelEventsJobs>,
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
      for (let start = 0; start < accountParcels.length; start += carrier.readLimit) {
        const chunk = accountParcels.slice(start, start + carrier.readLimit);
        try {
          const states = await carrier.readParcels(
            credentials,
            chunk.map((parcel) => parcel.tracking),
          );
          read += states.length;
          moved += await this.apply(carrier, chunk, states);
        } catch (error) {
          if (!(error instanceof CarrierError)) throw error;
          this.logger.warn({ accountId: account.id, reason: error.message }, 'Could not read parcel states');
          break; // this account waits for the next tick
        }
      }
    }
    return { read, moved };
  }

  /** Saves the carrier states, then tells orders of the moves; a move told twice changes nothing. */
  private async apply(
    carrier: Carrier,
    parcels: InTransit[],
    states: { tracking: string; state: string; at: string | null }[],
  ): Promise<number> {
    const byTracking = new Map(parcels.map((parcel) => [parcel.tracking, parcel]));
    const changes: ParcelStatesJob['changes'] = [];
    const found = new Set(states.map((state) => state.tracking));
    // A parcel the carrier did not answer for keeps its state, and goes to the back of the line.
    const readings: Reading[] = parcels
      .filter((parcel) => !found.has(parcel.tracking))
      .map(({ tracking, carrier_state, reported_status }) => ({ tracking, carrier_state, reported_status }));
    for (const state of states) {
      const parcel = byTracking.get(state.tracking);
      if (!parcel) continue;
      const status = carrier.statusOf(state.state);
      if (status === undefined)
        this.logger.warn(
          { tracking: state.tracking, state: state.state, carrier: carrier.displayName },
          'Unknown parcel state',
        );
      if (status && status !== parcel.reported_status)
        changes.push({
          orderId: parcel.order_id,
          tracking: parcel.tracking,
          status,
          carrierState: state.state,
        });
      readings.push({
        tracking: state.tracking,
        carrier_state: state.state,
        reported_status: status ?? parcel.reported_status,
      });
    }
    if (changes.length > 0)
      await this.ordersEvents.add(
        'parcel-states',
        { changes },
        {
          attempts: 20,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
    await this.parcels.saveReadings(readings);
    return changes.length;
  }
}
