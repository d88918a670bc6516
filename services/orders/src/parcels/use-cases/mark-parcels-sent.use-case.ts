import { Injectable, Logger } from '@nestjs/common';
import type { ParcelsSentJob } from '@tawsil/contracts/queues';
import { ParcelEventsRepository } from '../parcel-events.repository';

/** Orders delivery/zr sent to the carrier turn `saisie`, with their tracking and a history entry. */
@Injectable()
export class MarkParcelsSentUseCase {
  private readonly logger = new Logger(MarkParcelsSentUseCase.name);

  constructor(private readonly parcels: ParcelEventsRepository) {}

  async execute(job: ParcelsSentJob): Promise<{ moved: number }> {
    const moved = await this.parcels.markSent(job);
    this.logger.log({ moved }, 'Orders sent to ZR Express marked saisie');
    return { moved };
  }
}
