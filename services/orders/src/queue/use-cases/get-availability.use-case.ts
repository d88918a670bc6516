import { Injectable } from '@nestjs/common';
import type { AvailabilityView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { AssignmentRepository } from '../assignment.repository';

@Injectable()
export class GetAvailabilityUseCase {
  constructor(private readonly assignments: AssignmentRepository) {}

  async execute(caller: Actor): Promise<AvailabilityView> {
    return { available: await this.assignments.isAvailable(caller.userId) };
  }
}
