import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';

export interface LabelledParcel {
  order_id: string;
  tracking: string;
  account_id: string;
}

/** The owner's parcels created at a carrier, whose labels can be printed. */
@Injectable()
export class LabelledParcelsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Those of these orders that are the owner's and were created, in no particular order. */
  ofOrders(ownerId: string, orderIds: string[]): Promise<LabelledParcel[]> {
    return this.em.fork().execute<LabelledParcel[]>(
      `select order_id, tracking, account_id from delivery_zr.parcels
       where owner_id = ? and state = 'created'
         and order_id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
      [ownerId, JSON.stringify(orderIds)],
    );
  }

  /** Those the owner's saisie created, in the order they were claimed. */
  ofSaisie(ownerId: string, jobId: string, limit: number): Promise<LabelledParcel[]> {
    return this.em.fork().execute<LabelledParcel[]>(
      `select order_id, tracking, account_id from delivery_zr.parcels
       where owner_id = ? and job_id = ? and state = 'created' order by created_at, order_id limit ?`,
      [ownerId, jobId, limit],
    );
  }
}
