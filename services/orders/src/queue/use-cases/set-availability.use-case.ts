import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { AvailabilityDto, AvailabilityView } from '@tawsil/contracts/orders';
import type { Actor } from '@tawsil/contracts/rpc';
import { ServiceError } from '@tawsil/nest-common';
import { AssignmentRepository } from '../assignment.repository';
import { AssignOrdersUseCase } from './assign-orders.use-case';

/**
 * An agent takes calls on every store they work on, or stops: going unavailable hands back the
 * orders they have not called yet, which go to the other available agents.
 */
@Injectable()
export class SetAvailabilityUseCase {
  constructor(
    private readonly em: EntityManager,
    private readonly assignments: AssignmentRepository,
    private readonly assign: AssignOrdersUseCase,
  ) {}

  async execute(caller: Actor, input: AvailabilityDto): Promise<AvailabilityView> {
    if (caller.type !== 'confirmateur')
      throw ServiceError.forbidden('Only confirmateurs take calls from the assigned queue');
    const handedBack = await this.em.fork().transactional(async (em) => {
      await this.assignments.setAvailable(em, caller, input.available);
      return input.available ? [] : this.assignments.handBack(em, caller.userId);
    });
    await this.assign.execute([...new Set([...caller.storeIds, ...handedBack])]);
    return { available: input.available };
  }
}
