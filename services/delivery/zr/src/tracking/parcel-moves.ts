import { Injectable, Logger } from '@nestjs/common';
import {
  ORDERS_PARCEL_EVENTS_JOBS,
  type OrdersParcelEventsJobs,
  type ParcelStatesJob,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import type { DeliveryAccount } from '../accounts/delivery-account.entity';
import type { ParcelState } from '../carrier/carrier';
import { Carriers } from '../carrier/carriers';
import { StateTables } from '../states/state-tables';
import { ParcelsInTransitRepository, type InTransit, type Reading } from './parcels-in-transit.repository';

/**
 * The one way a parcel state read from a carrier takes effect, whether tracking read it or the
 * carrier pushed it (the webhooks): mapped by the account's state table, the state is saved on the
 * parcel, and a move to `en cours de livraison`, `livrée` or `retour` is sent to orders as a durable
 * job.
 */
@Injectable()
export class ParcelMoves {
  private readonly logger = new Logger(ParcelMoves.name);

  constructor(
    private readonly parcels: ParcelsInTransitRepository,
    @InjectJobQueue(ORDERS_PARCEL_EVENTS_JOBS)
    private readonly ordersEvents: JobQueue<OrdersParcelEventsJobs>,
    private readonly tables: StateTables,
    private readonly carriers: Carriers,
  ) {}

  /** Saves the carrier states, then tells orders of the moves; a move told twice changes nothing. */
  async apply(account: DeliveryAccount, parcels: InTransit[], states: ParcelState[]): Promise<number> {
    const table = await this.tables.tableOf(account);
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
      const { status, known } = table.map(state.state);
      if (!known)
        this.logger.warn(
          { tracking: state.tracking, state: state.state, carrier: this.carriers.for(account).displayName },
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
