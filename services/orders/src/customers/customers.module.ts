import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/orders.module';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { AddBlacklistEntryUseCase } from './use-cases/add-blacklist-entry.use-case';
import { CancelDuplicateUseCase } from './use-cases/cancel-duplicate.use-case';
import { GetCustomerHistoryUseCase } from './use-cases/get-customer-history.use-case';
import { ListBlacklistUseCase } from './use-cases/list-blacklist.use-case';
import { MatchOrderIdsUseCase } from './use-cases/match-order-ids.use-case';
import { RemoveBlacklistEntryUseCase } from './use-cases/remove-blacklist-entry.use-case';

/** Customer memory by phone: history, duplicates, the owners' blacklists, and "every matching order". */
@Module({
  imports: [OrdersModule],
  controllers: [CustomersController],
  providers: [
    CustomersRepository,
    MatchOrderIdsUseCase,
    GetCustomerHistoryUseCase,
    CancelDuplicateUseCase,
    ListBlacklistUseCase,
    AddBlacklistEntryUseCase,
    RemoveBlacklistEntryUseCase,
  ],
})
export class CustomersModule {}
