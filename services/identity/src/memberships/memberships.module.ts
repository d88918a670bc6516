import { Module } from '@nestjs/common';
import {
  IDENTITY_REPAIR_JOBS,
  IDENTITY_STORE_EVENTS_JOBS,
  ORDERS_ACCESS_JOBS,
} from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { AgentStoresPublisher } from './agent-stores.publisher';
import { IdentityRepairProcessor } from './identity-repair.processor';
import { MembershipsController } from './memberships.controller';
import { MembershipsRepository } from './memberships.repository';
import { StoreEventsProcessor } from './store-events.processor';
import { ListConfirmateursUseCase } from './use-cases/list-confirmateurs.use-case';
import { ListMemberStoreIdsUseCase } from './use-cases/list-member-store-ids.use-case';
import { RemoveConfirmateurUseCase } from './use-cases/remove-confirmateur.use-case';
import { RemoveStoreMembershipsUseCase } from './use-cases/remove-store-memberships.use-case';
import { SweepRemovedStoreMembershipsUseCase } from './use-cases/sweep-removed-store-memberships.use-case';

@Module({
  imports: [JobQueuesModule.register(IDENTITY_STORE_EVENTS_JOBS, IDENTITY_REPAIR_JOBS, ORDERS_ACCESS_JOBS)],
  controllers: [MembershipsController],
  providers: [
    MembershipsRepository,
    AgentStoresPublisher,
    ListMemberStoreIdsUseCase,
    ListConfirmateursUseCase,
    RemoveConfirmateurUseCase,
    RemoveStoreMembershipsUseCase,
    SweepRemovedStoreMembershipsUseCase,
    StoreEventsProcessor,
    IdentityRepairProcessor,
  ],
  exports: [AgentStoresPublisher],
})
export class MembershipsModule {}
