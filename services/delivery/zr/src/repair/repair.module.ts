import { Module } from '@nestjs/common';
import { ZR_REPAIR_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { AccountsModule } from '../accounts/accounts.module';
import { SaisieModule } from '../saisie/saisie.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { AbandonedSaisiesSweep } from './abandoned-saisies.sweep';
import { UnannouncedParcelsSweep } from './unannounced-parcels.sweep';
import { ZrRepairProcessor } from './zr-repair.processor';

/** Scheduled sweeps that finish what a crash left half done (docs/operations-repair.md). */
@Module({
  imports: [JobQueuesModule.register(ZR_REPAIR_JOBS), SaisieModule, AccountsModule, WebhooksModule],
  providers: [UnannouncedParcelsSweep, AbandonedSaisiesSweep, ZrRepairProcessor],
})
export class RepairModule {}
