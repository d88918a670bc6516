import { Module } from '@nestjs/common';
import { CarrierModule } from '../carrier/carrier.module';
import { StateTablesModule } from '../states/state-tables.module';
import { StoresModule } from '../stores/stores.module';
import { AccountOwners } from './account-owners';
import { AccountSecrets } from './account-secrets';
import { AccountWebhooks } from './account-webhooks';
import { AccountsController } from './accounts.controller';
import { DeliveryAccountsRepository } from './delivery-accounts.repository';
import { AddDeliveryAccountUseCase } from './use-cases/add-delivery-account.use-case';
import { ListDeliveryAccountsUseCase } from './use-cases/list-delivery-accounts.use-case';
import { ListOrderDeliveryAccountsUseCase } from './use-cases/list-order-delivery-accounts.use-case';
import { RemoveDeliveryAccountUseCase } from './use-cases/remove-delivery-account.use-case';
import { SetWebhookSecretUseCase } from './use-cases/set-webhook-secret.use-case';

/** The owners' ZR Express accounts, their sealed credentials, and who may use which. */
@Module({
  imports: [CarrierModule, StoresModule, StateTablesModule],
  controllers: [AccountsController],
  providers: [
    DeliveryAccountsRepository,
    AccountSecrets,
    AccountWebhooks,
    AccountOwners,
    ListDeliveryAccountsUseCase,
    AddDeliveryAccountUseCase,
    RemoveDeliveryAccountUseCase,
    ListOrderDeliveryAccountsUseCase,
    SetWebhookSecretUseCase,
  ],
  exports: [DeliveryAccountsRepository, AccountSecrets, AccountOwners, AccountWebhooks],
})
export class AccountsModule {}
