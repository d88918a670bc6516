import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@tawsil/contracts/queues';
import { ConfirmateursService } from './confirmateurs.service';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { StoreEventsProcessor } from './store-events.processor';

@Module({
  imports: [BullModule.registerQueue({ name: QueueName.IdentityStoreEvents })],
  controllers: [MembershipsController],
  providers: [MembershipsRepository, ConfirmateursService, StoreEventsProcessor],
  exports: [MembershipsRepository],
})
export class MembershipsModule {}
