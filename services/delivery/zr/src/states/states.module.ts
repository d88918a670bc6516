import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AccountStateOwner } from './account-state-owner';
import { StateTablesModule } from './state-tables.module';
import { StatesController } from './states.controller';
import { GetAccountStatesUseCase } from './use-cases/get-account-states.use-case';
import { ResetAccountStatesUseCase } from './use-cases/reset-account-states.use-case';
import { SetAccountStatesUseCase } from './use-cases/set-account-states.use-case';

/** The owner's view and changes of an account's state table. */
@Module({
  imports: [AccountsModule, StateTablesModule],
  controllers: [StatesController],
  providers: [AccountStateOwner, GetAccountStatesUseCase, SetAccountStatesUseCase, ResetAccountStatesUseCase],
})
export class StatesModule {}
