import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { countRepaired } from '@tawsil/nest-common';
import { noticeJobId, ParcelAnnouncer, repairNoticeJobId } from '../saisie/parcel-announcer';

interface Unannounced {
  job_id: string;
  owner_id: string;
  owner_name: string;
  order_id: string;
  tracking: string;
}

const IN_FLIGHT = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);
const PARCELS_PER_SWEEP = 5_000;

/**
 * Parcels created at ZR Express whose order orders has not turned `saisie`: the saisie's notice
 * was lost, ran out of attempts, or never left (a saisie that failed after creating some). Per
 * ended saisie: a notice orders applied marks its parcels announced; one still queued is left to
 * run; otherwise the parcels are announced again. Orders moves only orders not yet shipped, so a
 * notice applied twice changes nothing.
 */
@Injectable()
export class UnannouncedParcelsSweep {
  private readonly logger = new Logger(UnannouncedParcelsSweep.name);

  constructor(
    private readonly em: EntityManager,
    private readonly announcer: ParcelAnnouncer,
  ) {}

  async execute(): Promise<{ reannounced: number; confirmed: number }> {
    const rows = await this.em.fork().execute<Unannounced[]>(
      `select p.job_id, j.owner_id, j.owner_name, p.order_id, p.tracking
       from delivery_zr.parcels p join delivery_zr.saisie_jobs j on j.id = p.job_id
       where p.state = 'created' and p.announced_at is null and j.state in ('completed', 'failed')
       order by p.job_id limit ?`,
      [PARCELS_PER_SWEEP],
    );
    const bySaisie = new Map<string, Unannounced[]>();
    for (const row of rows) bySaisie.set(row.job_id, [...(bySaisie.get(row.job_id) ?? []), row]);

    let reannounced = 0;
    let confirmed = 0;
    for (const [saisieId, parcels] of bySaisie) {
      const trackings = parcels.map((parcel) => parcel.tracking);
      const states = await Promise.all(
        [noticeJobId(saisieId), repairNoticeJobId(saisieId)].map((id) => this.announcer.stateOf(id)),
      );
      if (states.includes('completed')) {
        await this.announcer.markAnnounced(trackings);
        confirmed += parcels.length;
        continue;
      }
      if (states.some((state) => state !== undefined && IN_FLIGHT.has(state))) continue;
      await this.announcer.removeNotice(repairNoticeJobId(saisieId)); // a failed one, kept for a week
      await this.announcer.notify(
        { id: saisieId, ownerId: parcels[0].owner_id, ownerName: parcels[0].owner_name },
        parcels.map((parcel) => ({ orderId: parcel.order_id, tracking: parcel.tracking })),
        repairNoticeJobId(saisieId),
      );
      reannounced += parcels.length;
      this.logger.warn({ saisieId, parcels: parcels.length }, 'Parcels announced again to orders');
    }
    countRepaired(RepairSweeps.unannouncedParcels, reannounced);
    return { reannounced, confirmed };
  }
}
