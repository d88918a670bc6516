import { Processor } from '@nestjs/bullmq';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  ORDERS_PARCEL_EVENTS_JOBS,
  ZR_TRACKING_JOBS,
  type OrdersParcelEventsJobs,
  type ParcelStatesJob,
  type ZrTrackingJobs,
} from '@tawsil/contracts/queues';
import {
  InjectJobQueue,
  JobProcessor,
  JobQueue,
  REPEAT_SAFE_WORKER,
  type JobHandlers,
} from '@tawsil/nest-common';
import { AccountSecrets } from '../accounts/account-secrets';
import { DeliveryAccount } from '../accounts/delivery-account.entity';
import { CARRIER, CarrierError, type Carrier } from '../carrier/carrier';
import { orderStatusFor } from '../carrier/carrier-states';
import { DeliveryZrConfig } from '../config/delivery-zr.config';

/** Parcels read per tick: the oldest readings first, so every parcel gets its turn. */
const PARCELS_PER_TICK = 5_000;

interface InTransit {
  order_id: string;
  tracking: string;
  account_id: string;
  carrier_state: string | null;
  reported_status: string | null;
}

/**
 * A repeatable job: reads the state of the parcels in transit, per account, and tells orders when
 * one moves to `en cours de livraison`, `livrée` or `retour`. Delivered and returned parcels are
 * not read again, and a parcel is read only once orders has applied its saisie (announced_at).
 */
@Processor(ZR_TRACKING_JOBS.queue, { concurrency: 1, lockDuration: 60_000, ...REPEAT_SAFE_WORKER })
export class TrackingProcessor extends JobProcessor<ZrTrackingJobs> implements OnApplicationBootstrap {
  private readonly logger = new Logger(TrackingProcessor.name);

  protected readonly handlers: JobHandlers<ZrTrackingJobs> = {
    track: () => this.track(),
  };

  constructor(
    private readonly em: EntityManager,
    private readonly secrets: AccountSecrets,
    private readonly config: DeliveryZrConfig,
    @Inject(CARRIER) private readonly carrier: Carrier,
    @InjectJobQueue(ZR_TRACKING_JOBS) private readonly trackingQueue: JobQueue<ZrTrackingJobs>,
    @InjectJobQueue(ORDERS_PARCEL_EVENTS_JOBS)
    private readonly ordersEvents: JobQueue<OrdersParcelEventsJobs>,
  ) {
    super(ZR_TRACKING_JOBS);
  }

  async onApplicationBootstrap() {
    await this.trackingQueue.every('read-parcel-states', this.config.ZR_TRACKING_INTERVAL_MS, 'track', {
      removeOnComplete: 100,
      removeOnFail: 100,
    });
  }

  private async track(): Promise<{ read: number; moved: number }> {
    const em = this.em.fork();
    const parcels = await em.execute<InTransit[]>(
      `select order_id, tracking, account_id, carrier_state, reported_status from delivery_zr.parcels
       where state = 'created' and reported_status is distinct from 'livrée' and reported_status is distinct from 'retour'
         -- Not before orders has turned the order saisie: its states then apply in order.
         and announced_at is not null
       order by carrier_state_at nulls first limit ?`,
      [PARCELS_PER_TICK],
    );
    const byAccount = new Map<string, InTransit[]>();
    for (const parcel of parcels)
      byAccount.set(parcel.account_id, [...(byAccount.get(parcel.account_id) ?? []), parcel]);
    const accounts = await em.find(DeliveryAccount, { id: { $in: [...byAccount.keys()] } });

    let read = 0;
    let moved = 0;
    for (const account of accounts) {
      const credentials = this.secrets.open(account);
      const accountParcels = byAccount.get(account.id) ?? [];
      for (let start = 0; start < accountParcels.length; start += this.carrier.readLimit) {
        const chunk = accountParcels.slice(start, start + this.carrier.readLimit);
        try {
          const states = await this.carrier.readParcels(
            credentials,
            chunk.map((parcel) => parcel.tracking),
          );
          read += states.length;
          moved += await this.apply(chunk, states);
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
    parcels: InTransit[],
    states: { tracking: string; state: string; at: string | null }[],
  ): Promise<number> {
    const byTracking = new Map(parcels.map((parcel) => [parcel.tracking, parcel]));
    const changes: ParcelStatesJob['changes'] = [];
    const found = new Set(states.map((state) => state.tracking));
    // A parcel the carrier did not answer for keeps its state, and goes to the back of the line.
    const readings: { tracking: string; carrier_state: string | null; reported_status: string | null }[] =
      parcels
        .filter((parcel) => !found.has(parcel.tracking))
        .map(({ tracking, carrier_state, reported_status }) => ({
          tracking,
          carrier_state,
          reported_status,
        }));
    for (const state of states) {
      const parcel = byTracking.get(state.tracking);
      if (!parcel) continue;
      const status = orderStatusFor(state.state);
      if (status === undefined)
        this.logger.warn({ tracking: state.tracking, state: state.state }, 'Unknown ZR Express parcel state');
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
    await this.em.fork().execute(
      `update delivery_zr.parcels p
       set carrier_state = r.carrier_state, reported_status = r.reported_status, carrier_state_at = now(), updated_at = now()
       from jsonb_to_recordset(?::jsonb) as r(tracking text, carrier_state text, reported_status text)
       where p.tracking = r.tracking`,
      [JSON.stringify(readings)],
    );
    return changes.length;
  }
}
