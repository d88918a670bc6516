import { Injectable, Logger } from '@nestjs/common';
import type { ParcelStatesJob } from '@tawsil/contracts/queues';
import { ParcelEventsRepository } from '../parcel-events.repository';

/** The carrier's tracking moves orders on toward delivery or return. */
@Injectable()
export class ApplyParcelStatesUseCase {
  private readonly logger = new Logger(ApplyParcelStatesUseCase.name);

  constructor(private readonly parcels: ParcelEventsRepository) {}

  async execute(job: ParcelStatesJob): Promise<{ moved: number }> {
    const moved = await this.parcels.applyStates(job);
    this.logger.log({ moved }, 'Parcel states applied to orders');
    return { moved };
  }
}
