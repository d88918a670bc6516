import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { DeliveryCompany } from '@tawsil/contracts/delivery-zr';
import { codedReason } from './saisie-reason';

export interface ClaimRow {
  order_id: string;
  tracking: string;
  account_id: string;
  job_id: string;
  state: 'sending' | 'created' | 'refused';
  /** False when the row existed before this claim: the carrier may already hold the parcel. */
  fresh: boolean;
}

/** One order's outcome in a saisie, as the status shows it. */
export interface SaisieOutcomeRow {
  order_id: string;
  sent: boolean;
  reason: string | null;
  reason_code: string | null;
  reason_params: Record<string, string> | null;
  /** The account of the order's parcel (sent or refused by the carrier); null when none was tried. */
  account_id: string | null;
  company: DeliveryCompany | null;
  store_name: string | null;
}

export interface Outcome {
  orderId: string;
  sent: boolean;
  reason?: string;
}

/**
 * The parcels table is where "one parcel per order" holds. A job claims an order before calling
 * the carrier (state `sending`), so a crash leaves a claim a retry resolves by reading the carrier
 * back, never a second parcel.
 */
@Injectable()
export class ParcelClaimsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Claims the orders for the job: new ones, ones the carrier refused before, and ones left
   * `sending` by a job that has ended. Answers every row, claimed or held by another job.
   */
  async claim(
    jobId: string,
    ownerId: string,
    wanted: { orderId: string; tracking: string; accountId: string }[],
  ): Promise<ClaimRow[]> {
    const rows = wanted.map((claim) => ({
      order_id: claim.orderId,
      tracking: claim.tracking,
      account_id: claim.accountId,
    }));
    const connection = this.em.fork().getConnection();
    const inserted = await connection.execute<{ order_id: string }[]>(
      `insert into delivery_zr.parcels as p (order_id, tracking, account_id, owner_id, job_id, state)
       select order_id, tracking, account_id, ?, ?, 'sending'
       from jsonb_to_recordset(?::jsonb) as w(order_id uuid, tracking text, account_id uuid)
       on conflict (order_id) do update set
         job_id = excluded.job_id,
         state = 'sending',
         refusal = null,
         -- A claim left sending is finished with the account it was sent with.
         account_id = case when p.state = 'refused' then excluded.account_id else p.account_id end,
         updated_at = now()
       where p.state = 'refused'
          or (p.state = 'sending' and p.job_id <> excluded.job_id and exists (
                select 1 from delivery_zr.saisie_jobs j
                where j.id = p.job_id and j.state in ('completed', 'failed')))
       returning order_id, (xmax = 0) as fresh`,
      [ownerId, jobId, JSON.stringify(rows)],
    );
    const fresh = new Set(
      (inserted as unknown as { order_id: string; fresh: boolean }[])
        .filter((row) => row.fresh)
        .map((row) => row.order_id),
    );
    const current = await connection.execute<Omit<ClaimRow, 'fresh'>[]>(
      `select order_id, tracking, account_id, job_id, state from delivery_zr.parcels
       where order_id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
      [JSON.stringify(wanted.map((claim) => claim.orderId))],
    );
    return current.map((row) => ({ ...row, fresh: fresh.has(row.order_id) }));
  }

  /** Records what became of orders, their claims and the job's outcomes in one transaction. */
  async record(jobId: string, outcomes: Outcome[], options = { settleClaims: true }): Promise<void> {
    if (outcomes.length === 0) return;
    const rows = outcomes.map((outcome) => {
      // Stored with its code and parameters, for the report to read in the owner's language.
      const coded = outcome.reason ? codedReason(outcome.reason) : undefined;
      return {
        order_id: outcome.orderId,
        sent: outcome.sent,
        reason: outcome.reason ?? null,
        reason_code: coded?.code ?? null,
        reason_params: coded?.params ?? null,
      };
    });
    await this.em.fork().transactional(async (em) => {
      const payload = JSON.stringify(rows);
      if (options.settleClaims)
        await em.execute(
          `update delivery_zr.parcels p
         set state = case when o.sent then 'created' else 'refused' end, refusal = o.reason, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as o(order_id uuid, sent boolean, reason text)
         where p.order_id = o.order_id and p.job_id = ? and p.state = 'sending'`,
          [payload, jobId],
        );
      await em.execute(
        `insert into delivery_zr.saisie_outcomes (job_id, order_id, sent, reason, reason_code, reason_params)
         select ?, order_id, sent, reason, reason_code, reason_params
         from jsonb_to_recordset(?::jsonb)
           as o(order_id uuid, sent boolean, reason text, reason_code text, reason_params jsonb)
         on conflict (job_id, order_id) do nothing`,
        [jobId, payload],
      );
    });
  }

  async decidedOrderIds(jobId: string): Promise<Set<string>> {
    const rows = await this.em
      .getConnection()
      .execute<{ order_id: string }[]>('select order_id from delivery_zr.saisie_outcomes where job_id = ?', [
        jobId,
      ]);
    return new Set(rows.map((row) => row.order_id));
  }

  /** The parcels this job created: what orders must hear. */
  async sentBy(jobId: string): Promise<{ orderId: string; tracking: string }[]> {
    const rows = await this.em
      .fork()
      .getConnection()
      .execute<{ order_id: string; tracking: string }[]>(
        `select p.order_id, p.tracking from delivery_zr.saisie_outcomes o
       join delivery_zr.parcels p on p.order_id = o.order_id and p.job_id = o.job_id
       where o.job_id = ? and o.sent and p.state = 'created'`,
        [jobId],
      );
    return rows.map((row) => ({ orderId: row.order_id, tracking: row.tracking }));
  }

  /**
   * The outcomes of the owner's saisie. An order id of another owner's may be in the selection
   * (refused as not found): its parcel and account are theirs, so only the owner's are joined.
   */
  async outcomes(jobId: string, ownerId: string): Promise<SaisieOutcomeRow[]> {
    return this.em.getConnection().execute(
      `select o.order_id, o.sent, o.reason, o.reason_code, o.reason_params,
              a.id as account_id, a.company, a.store_name
         from delivery_zr.saisie_outcomes o
         join delivery_zr.saisie_jobs j on j.id = o.job_id and j.owner_id = ?
         left join delivery_zr.parcels p on p.order_id = o.order_id and p.owner_id = j.owner_id
         left join delivery_zr.accounts a on a.id = p.account_id and a.owner_id = j.owner_id
         where o.job_id = ? order by o.decided_at, o.order_id`,
      [ownerId, jobId],
    );
  }
}
