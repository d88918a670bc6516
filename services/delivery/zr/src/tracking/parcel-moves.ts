import { Injectable, Logger } from '@nestjs/common';
import {
  ORDERS_PARCEL_EVENTS_JOBS,
  type OrdersParcelEventsJobs,
  type ParcelStatesJob,
} from '@tawsil/contracts/queues';
import { InjectJobQueue, JobQueue } from '@tawsil/nest-common';
import type { Carrier, ParcelState } from '../carrier/carrier';
import { ParcelsInTransitRepository, type InTransit, type Reading } from './parcels-in-transit.repository';

/**
 * The one way a parcel state read from a carrier takes effect, whether tracking read it or the
 * carrier pushed it (ZR's webhooks): the state is saved on the parcel, and a move to
 * `en cours de livraison`, `livrée` or `retour` is sent to orders as a durable job.
 */
@Injectable()
export class ParcelMoves {
  private readonly logger = new Logger(ParcelMoves.name);

  constructor(
    private readonly parcels: ParcelsInTransitRepository,
    @InjectJobQueue(ORDERS_PARCEL_EVENTS_JOBS)
    private readonly ordersEvents: JobQueue<OrdersParcelEventsJobs>,
  ) {}

  /** Saves the carrier states, then tells orders of the moves; a move told twice changes nothing. */
  async apply(carrier: Carrier, parcels: InTransit[], states: ParcelState[]): Promise<number> {
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
