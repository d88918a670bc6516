import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { AccountDesks } from './account-desks';
import { AccountTariffs } from './account-tariffs';
import { TariffsController } from './tariffs.controller';
import { CarrierListsRepository } from './carrier-lists.repository';
import { CheckDeliveryChoiceUseCase } from './use-cases/check-delivery-choice.use-case';
import { GetDesksUseCase } from './use-cases/get-desks.use-case';
import { GetTariffsUseCase } from './use-cases/get-tariffs.use-case';

/**
 * What each account's carrier charges and offers per wilaya, its stop desks, and the delivery-choice
 * check built on them.
 */
@Module({
  imports: [AccountsModule, CarrierModule],
  controllers: [TariffsController],
  providers: [
    CarrierListsRepository,
    AccountTariffs,
    AccountDesks,
    GetTariffsUseCase,
    GetDesksUseCase,
    CheckDeliveryChoiceUseCase,
  ],
})
export class TariffsModule {}
