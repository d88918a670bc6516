import { Module } from '@nestjs/common';
import { IDENTITY_REPAIR_JOBS, IDENTITY_STORE_EVENTS_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { ConfirmateursService } from './confirmateurs.service';
import { IdentityRepairProcessor } from './identity-repair.processor';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { RemovedStoreMembershipsSweep } from './removed-store-memberships.sweep';
import { StoreEventsProcessor } from './store-events.processor';

@Module({
  imports: [JobQueuesModule.register(IDENTITY_STORE_EVENTS_JOBS, IDENTITY_REPAIR_JOBS)],
  controllers: [MembershipsController],
  providers: [
    MembershipsRepository,
    ConfirmateursService,
    StoreEventsProcessor,
    RemovedStoreMembershipsSweep,
    IdentityRepairProcessor,
  ],
  exports: [MembershipsRepository],
})
export class MembershipsModule {}
