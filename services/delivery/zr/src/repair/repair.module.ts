import { Module } from '@nestjs/common';
import { ZR_REPAIR_JOBS } from '@tawsil/contracts/queues';
import { JobQueuesModule } from '@tawsil/nest-common';
import { SaisieModule } from '../saisie/saisie.module';
import { AbandonedSaisiesSweep } from './abandoned-saisies.sweep';
import { UnannouncedParcelsSweep } from './unannounced-parcels.sweep';
import { ZrRepairProcessor } from './zr-repair.processor';

/** Scheduled sweeps that finish what a crash left half done (docs/operations-repair.md). */
@Module({
  imports: [JobQueuesModule.register(ZR_REPAIR_JOBS), SaisieModule],
  providers: [UnannouncedParcelsSweep, AbandonedSaisiesSweep, ZrRepairProcessor],
})
export class RepairModule {}
