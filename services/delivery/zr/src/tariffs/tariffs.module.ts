import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { AccountTariffs } from './account-tariffs';
import { TariffsController } from './tariffs.controller';
import { TariffsRepository } from './tariffs.repository';
import { CheckDeliveryChoiceUseCase } from './use-cases/check-delivery-choice.use-case';
import { GetTariffsUseCase } from './use-cases/get-tariffs.use-case';

/** What ZR Express charges and offers per wilaya, per account, and the delivery-choice check built on it. */
@Module({
  imports: [AccountsModule, CarrierModule],
  controllers: [TariffsController],
  providers: [TariffsRepository, AccountTariffs, GetTariffsUseCase, CheckDeliveryChoiceUseCase],
})
export class TariffsModule {}
