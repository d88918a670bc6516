import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { countRepaired, RpcCaller } from '@tawsil/nest-common';
import { MembershipsRepository } from './memberships.repository';

/**
 * Deletes the memberships and pending invitations of stores that stores/youcan has recorded as
 * removed, for when the store-removed job failed or was lost. Agents lost access with the store
 * already (the gateway grants only stores that exist); this tidies the confirmateurs list.
 */
@Injectable()
export class RemovedStoreMembershipsSweep {
  private readonly logger = new Logger(RemovedStoreMembershipsSweep.name);

  constructor(
    private readonly em: EntityManager,
    private readonly rpc: RpcCaller,
    private readonly memberships: MembershipsRepository,
  ) {}

  async execute(): Promise<{ stores: number; memberships: number }> {
    const held = await this.em.fork().execute<{ store_id: string }[]>(
      `select store_id from identity.memberships
         union select store_id from identity.invitations where accepted_at is null and revoked_at is null`,
    );
    if (held.length === 0) return { stores: 0, memberships: 0 };
    const removed = await this.rpc.call(StoresYoucanPatterns.removedStoreIds, {
      storeIds: held.map((row) => row.store_id),
    });
    let memberships = 0;
    for (const storeId of removed) {
      const deleted = await this.memberships.removeStore(storeId);
      memberships += deleted;
      this.logger.warn({ storeId, deleted }, 'Memberships of a removed store deleted by the repair sweep');
    }
    countRepaired(RepairSweeps.removedStoreMemberships, memberships);
    return { stores: removed.length, memberships };
  }
}
