import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import { ConfirmateursService } from './confirmateurs.service';
import { IdentityRepairProcessor } from './identity-repair.processor';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { RemovedStoreMembershipsSweep } from './removed-store-memberships.sweep';
import { StoreEventsProcessor } from './store-events.processor';

@Module({
  imports: [
    BullModule.registerQueue({ name: QueueName.IdentityStoreEvents }, { name: QueueName.IdentityRepair }),
  ],
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
