import { Injectable, Logger } from '@nestjs/common';
import { RepairSweeps } from '@tawsil/contracts/queues';
import { StoresYoucanPatterns } from '@tawsil/contracts/stores-youcan';
import { countRepaired, RpcCaller } from '@tawsil/nest-common';
import { MembershipsRepository } from '../memberships.repository';

/**
 * Deletes the memberships and pending invitations of stores that stores/youcan has recorded as
 * removed, for when the store-removed job failed or was lost. Agents lost access with the store
 * already (the gateway grants only stores that exist); this tidies the confirmateurs list.
 */
@Injectable()
export class SweepRemovedStoreMembershipsUseCase {
  private readonly logger = new Logger(SweepRemovedStoreMembershipsUseCase.name);

  constructor(
    private readonly rpc: RpcCaller,
    private readonly memberships: MembershipsRepository,
  ) {}

  async execute(): Promise<{ stores: number; memberships: number }> {
    const held = await this.memberships.heldStoreIds();
    if (held.length === 0) return { stores: 0, memberships: 0 };
    const removed = await this.rpc.call(StoresYoucanPatterns.removedStoreIds, { storeIds: held });
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
