import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { AssignmentRepository } from './assignment.repository';
import { ClaimsRepository } from './claims.repository';
import { QueueController } from './queue.controller';
import { QueueRepository } from './queue.repository';
import { QueueViews } from './queue-views';
import { SettingsController } from './settings.controller';
import { StoreSettingsRepository } from './store-settings.repository';
import { AssignOrdersUseCase } from './use-cases/assign-orders.use-case';
import { ClaimOrderUseCase } from './use-cases/claim-order.use-case';
import { GetAvailabilityUseCase } from './use-cases/get-availability.use-case';
import { GetQueueUseCase } from './use-cases/get-queue.use-case';
import { GetStoreSettingsUseCase } from './use-cases/get-store-settings.use-case';
import { ReleaseClaimUseCase } from './use-cases/release-claim.use-case';
import { SetAvailabilityUseCase } from './use-cases/set-availability.use-case';
import { TakeNextOrderUseCase } from './use-cases/take-next-order.use-case';
import { UpdateStoreSettingsUseCase } from './use-cases/update-store-settings.use-case';

/** The agents' call queue: attempts and callbacks order it, claims share it, assignment splits it. */
@Module({
  imports: [OrdersModule],
  controllers: [QueueController, SettingsController],
  providers: [
    StoreSettingsRepository,
    QueueRepository,
    ClaimsRepository,
    AssignmentRepository,
    QueueViews,
    AssignOrdersUseCase,
    GetQueueUseCase,
    TakeNextOrderUseCase,
    ClaimOrderUseCase,
    ReleaseClaimUseCase,
    GetStoreSettingsUseCase,
    UpdateStoreSettingsUseCase,
    GetAvailabilityUseCase,
    SetAvailabilityUseCase,
  ],
  exports: [AssignOrdersUseCase],
})
export class QueueModule {}
