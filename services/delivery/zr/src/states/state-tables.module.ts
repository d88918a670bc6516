import { Module } from '@nestjs/common';
import { CarrierModule } from '../carrier/carrier.module';
import { AccountStatesRepository } from './account-states.repository';
import { StateTables } from './state-tables';

/** The accounts' state tables, as tracking, the webhooks and the accounts use them. */
@Module({
  imports: [CarrierModule],
  providers: [AccountStatesRepository, StateTables],
  exports: [AccountStatesRepository, StateTables],
})
export class StateTablesModule {}
