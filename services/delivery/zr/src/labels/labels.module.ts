import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CarrierModule } from '../carrier/carrier.module';
import { SaisieModule } from '../saisie/saisie.module';
import { LabelledParcelsRepository } from './labelled-parcels.repository';
import { LabelsController } from './labels.controller';
import { PrintLabelsUseCase } from './use-cases/print-labels.use-case';

/** Bordereaux: the carriers' labels of the owner's parcels, merged into one PDF. */
@Module({
  imports: [AccountsModule, CarrierModule, SaisieModule],
  controllers: [LabelsController],
  providers: [LabelledParcelsRepository, PrintLabelsUseCase],
})
export class LabelsModule {}
