import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface InTransit {
  order_id: string;
  tracking: string;
  account_id: string;
  carrier_state: string | null;
  reported_status: string | null;
}

/** A parcel's latest reading: the carrier's state and the order status it was reported as. */
export interface Reading {
  tracking: string;
  carrier_state: string | null;
  reported_status: string | null;
}

/** The parcels tracking reads, in `delivery_zr.parcels`, and what it read. */
@Injectable()
export class ParcelsInTransitRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Created parcels neither delivered nor returned, the oldest readings first, and only once orders
   * has turned the order saisie (announced_at): its states then apply in order.
   */
  oldestReadFirst(limit: number): Promise<InTransit[]> {
    return this.em.fork().execute<InTransit[]>(
      `select order_id, tracking, account_id, carrier_state, reported_status from delivery_zr.parcels
       where state = 'created' and reported_status is distinct from 'livrée' and reported_status is distinct from 'retour'
         and announced_at is not null
       order by carrier_state_at nulls first limit ?`,
      [limit],
    );
  }

  /** The account's parcel with this tracking, when tracking would read it (the rule of oldestReadFirst). */
  inTransitOf(accountId: string, tracking: string): Promise<InTransit[]> {
    return this.em.fork().execute<InTransit[]>(
      `select order_id, tracking, account_id, carrier_state, reported_status from delivery_zr.parcels
       where account_id = ? and tracking = ?
         and state = 'created' and reported_status is distinct from 'livrée' and reported_status is distinct from 'retour'
         and announced_at is not null`,
      [accountId, tracking],
    );
  }

  /** Saves the readings; each parcel goes to the back of the line (carrier_state_at = now). */
  async saveReadings(readings: Reading[]): Promise<void> {
    await this.em.fork().execute(
      `update delivery_zr.parcels p
       set carrier_state = r.carrier_state, reported_status = r.reported_status, carrier_state_at = now(), updated_at = now()
       from jsonb_to_recordset(?::jsonb) as r(tracking text, carrier_state text, reported_status text)
       where p.tracking = r.tracking`,
      [JSON.stringify(readings)],
    );
  }
}
