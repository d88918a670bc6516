import { Injectable } from '@nestjs/common';
import type { AvailabilityView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { requireActor } from '@tawsil/nest-common';
import { AssignmentRepository } from '../assignment.repository';

@Injectable()
export class GetAvailabilityUseCase {
  constructor(private readonly assignments: AssignmentRepository) {}

  async execute(actor: Actor | undefined): Promise<AvailabilityView> {
    const caller = requireActor(actor);
    return { available: await this.assignments.isAvailable(caller.userId) };
  }
}
